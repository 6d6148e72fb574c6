import { it } from 'vitest';
import { createTestApp } from '../test/harness';
it('scratch', async () => {
  const t = await createTestApp();
  const a = await t.user('a');
  for (const name of ['a\u0000b', '\uD800x', 'x\u202E']) {
    const r = await a.post('/api/students', { name });
    console.log(JSON.stringify(name), r.status, r.text);
  }
  const r = await t.request('POST', '/api/auth/local/signup', { json: { email: 'n@example.com', password: 'pass\u0000word!!', name: 'n\u0000' } });
  console.log(r.status, r.text);
  await t.close();
});
