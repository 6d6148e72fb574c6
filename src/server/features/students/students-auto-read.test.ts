import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_READ } from '@shared/constants';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';

/** "Read each card aloud when it appears" (issue 15): a setting of each student, off until a parent turns it on. */

let t: TestApp;
let a: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
});
afterAll(() => t.close());

const listed = async (id: number) =>
  (await a.get('/api/students')).body.find((s: { id: number }) => s.id === id) as { auto_read: boolean };

describe('auto_read on students', () => {
  it('is off for a new student, and can be turned on when the student is added', async () => {
    const plain = await a.post('/api/students', { name: 'Leo' });
    expect(plain.body.auto_read).toBe(DEFAULT_AUTO_READ);
    expect(DEFAULT_AUTO_READ).toBe(false);
    const reader = await a.post('/api/students', { name: 'Mia', auto_read: true });
    expect([reader.status, reader.body.auto_read]).toEqual([201, true]);
    expect((await listed(reader.body.id)).auto_read).toBe(true);
  });

  it('is changed by PUT /api/students/{id} and left as it is when the body does not name it', async () => {
    const id = (await a.post('/api/students', { name: 'Sam' })).body.id;
    const on = await a.put(`/api/students/${id}`, { name: 'Sam', auto_read: true });
    expect([on.status, on.body.auto_read]).toEqual([200, true]);
    const renamed = await a.put(`/api/students/${id}`, { name: 'Samuel' });
    expect(renamed.body).toMatchObject({ name: 'Samuel', auto_read: true });
    const off = await a.put(`/api/students/${id}`, { name: 'Samuel', auto_read: false });
    expect(off.body.auto_read).toBe(false);
    expect((await listed(id)).auto_read).toBe(false);
  });

  it('refuses anything but a boolean with 400 naming the field', async () => {
    const id = (await a.post('/api/students', { name: 'Ada' })).body.id;
    for (const value of ['true', 1, null]) {
      const res = await a.put(`/api/students/${id}`, { name: 'Ada', auto_read: value });
      expect([res.status, res.body.code, res.body.fields?.[0]?.field]).toEqual([400, 'invalid_input', 'auto_read']);
    }
    expect((await listed(id)).auto_read).toBe(false);
  });
});
