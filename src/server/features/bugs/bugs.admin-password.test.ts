import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { BUG_ADMIN_PASSWORD_KEY, ensureBugAdminPassword } from './bugs.admin-password';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const storedHash = async (app: TestApp) =>
  (
    await app.db.kysely
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', BUG_ADMIN_PASSWORD_KEY)
      .executeTakeFirst()
  )?.value;

/** Whether `password` closes a fresh bug: 200 yes, 403 no. */
async function closes(agent: Agent, password: string): Promise<boolean> {
  const bug = await agent.post('/api/bugs', { title: 'Typo', description: 'On the home page' });
  const res = await agent.del(`/api/bugs/${bug.body.id}`, { password });
  expect([200, 403]).toContain(res.status);
  return res.status === 200;
}

/** The same app's deps as a restart with another BUG_ADMIN_PASSWORD would see them. */
const withPassword = (deps: AppDeps, bugAdminPassword: string | null): AppDeps => ({
  ...deps,
  config: { ...deps.config, bugAdminPassword },
});

describe('ensureBugAdminPassword', () => {
  it('stores an argon2id hash of BUG_ADMIN_PASSWORD, which then closes bugs', async () => {
    t = await createTestApp({ env: { BUG_ADMIN_PASSWORD: 'letmein-admin' } });
    await ensureBugAdminPassword(t.deps);
    const hash = await storedHash(t);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('letmein-admin');
    const u = await t.user();
    expect(await closes(u, 'letmein-admin')).toBe(true);
    expect(await closes(u, 'letmein')).toBe(false);

    // A restart with the same variable keeps the stored hash.
    await ensureBugAdminPassword(t.deps);
    expect(await storedHash(t)).toBe(hash);
  });

  it('takes a changed BUG_ADMIN_PASSWORD at the next start, and keeps it when the variable is removed', async () => {
    const lines: string[] = [];
    t = await createTestApp({ env: { BUG_ADMIN_PASSWORD: 'letmein-admin' }, log: (l) => lines.push(l) });
    await ensureBugAdminPassword(t.deps);
    await ensureBugAdminPassword(withPassword(t.deps, 'a-new-password'));
    const u = await t.user();
    expect(await closes(u, 'letmein-admin')).toBe(false);
    expect(await closes(u, 'a-new-password')).toBe(true);

    const hash = await storedHash(t);
    await ensureBugAdminPassword(withPassword(t.deps, null));
    expect(await storedHash(t)).toBe(hash);
    expect(await closes(u, 'a-new-password')).toBe(true);
    expect(lines.join('\n')).not.toMatch(/letmein-admin|a-new-password/);
    expect(lines.some((l) => JSON.parse(l).msg === 'bug board admin password generated')).toBe(false);
  });

  it('without BUG_ADMIN_PASSWORD, generates a password once and logs it once', async () => {
    const lines: string[] = [];
    t = await createTestApp({ log: (l) => lines.push(l) });
    expect(t.config.bugAdminPassword).toBeNull();
    await ensureBugAdminPassword(t.deps);
    const generated = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'bug board admin password generated');
    expect(generated).toHaveLength(1);
    expect(generated[0].level).toBe('warn');
    const password: string = generated[0].password;
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const u = await t.user();
    expect(await closes(u, password)).toBe(true);
    expect(await closes(u, 'letmein-admin')).toBe(false);

    // Later starts keep it and print nothing more.
    const hash = await storedHash(t);
    const before = lines.length;
    await ensureBugAdminPassword(t.deps);
    expect(await storedHash(t)).toBe(hash);
    expect(lines.slice(before).join('\n')).not.toContain(password);
    expect(await closes(u, password)).toBe(true);
  });

  it('stores exactly one generated password when several instances start at once', async () => {
    const lines: string[] = [];
    t = await createTestApp({ log: (l) => lines.push(l) });
    await Promise.all([ensureBugAdminPassword(t.deps), ensureBugAdminPassword(t.deps), ensureBugAdminPassword(t.deps)]);
    const generated = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'bug board admin password generated');
    expect(generated).toHaveLength(1);
    expect(await closes(await t.user(), generated[0].password)).toBe(true);
  });

  it('with no password stored at all, refuses every close', async () => {
    t = await createTestApp();
    expect(await storedHash(t)).toBeUndefined();
    expect(await closes(await t.user(), 'anything')).toBe(false);
  });
});
