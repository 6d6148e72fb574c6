import { describe, expect, it } from 'vitest';
import { readSeveral, serverRowErrors } from './several-students';

describe('readSeveral', () => {
  it('reads one name a line, skipping blank lines', () => {
    expect(readSeveral('Ana\n\n  Ben  \r\nCleo\n')).toEqual([
      { name: 'Ana', age: null, problem: null },
      { name: 'Ben', age: null, problem: null },
      { name: 'Cleo', age: null, problem: null },
    ]);
  });

  it('reads a spreadsheet column pasted with ages after a tab, and its header row', () => {
    expect(readSeveral('Name\tAge\nAna López\t7\nBen\t\nCleo\t8\n')).toEqual([
      { name: 'Ana López', age: 7, problem: null },
      { name: 'Ben', age: null, problem: null },
      { name: 'Cleo', age: 8, problem: null },
    ]);
    expect(readSeveral('Nombre,Edad\nAna,7')).toEqual([{ name: 'Ana', age: 7, problem: null }]);
  });

  it('says which rows are wrong: an age that is not 1 to 100, a name too long or missing', () => {
    expect(readSeveral(`Ana,seven\nBen,0\n${'x'.repeat(51)}\n\t9\nCleo,100`).map((r) => r.problem)).toEqual([
      'age',
      'age',
      'nameLength',
      'name',
      null,
    ]);
  });

  it('maps the server’s students.N.field errors to rows', () => {
    expect([...serverRowErrors([{ field: 'students.2.age' }, { field: 'students.0.name' }, { field: 'x' }])]).toEqual([
      [2, 'age'],
      [0, 'name'],
    ]);
  });
});
