import { describe, expect, it } from 'vitest';
import { ID_MAX } from '@shared/constants';
import { parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('reads the positive integers the API accepts', () => {
    expect(parseRouteId('7')).toBe(7);
    expect(parseRouteId(String(ID_MAX))).toBe(ID_MAX);
  });

  it('refuses anything else', () => {
    for (const raw of [undefined, '', '0', '07', '-1', '1.5', 'abc', '1e3', String(ID_MAX + 1), '9'.repeat(400)]) {
      expect(parseRouteId(raw)).toBeNull();
    }
  });
});
