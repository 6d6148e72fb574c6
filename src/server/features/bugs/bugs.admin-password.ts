import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { unredacted } from '../../logger';
import * as repo from './bugs.repository';

/** app_settings key of the argon2id hash of the password that closes bugs. */
export const BUG_ADMIN_PASSWORD_KEY = 'bug_admin_password_hash';

/**
 * Start-up step: makes sure a bug-close password hash is stored.
 * - BUG_ADMIN_PASSWORD set: stores its hash unless the stored one already matches it, so a
 *   changed variable takes effect at the next start.
 * - Unset and nothing stored: generates a random password, stores its hash and logs the
 *   password once. This is the one deliberate exception to "no secrets in logs": it is the only
 *   way an operator who set nothing learns it (README "Bug board").
 * - Unset and a hash stored: keeps it.
 */
export async function ensureBugAdminPassword(deps: AppDeps): Promise<void> {
  const db = deps.db.kysely;
  const stored = await repo.getSetting(db, BUG_ADMIN_PASSWORD_KEY);
  const configured = deps.config.bugAdminPassword;
  if (configured) {
    if (stored && (await verifyPassword(stored, configured))) return;
    await repo.putSetting(db, BUG_ADMIN_PASSWORD_KEY, await hashPassword(configured));
    deps.logger.info('bug board admin password set from BUG_ADMIN_PASSWORD');
    return;
  }
  if (stored) return;
  // 15 random bytes = 120 bits, 20 base64url characters.
  const password = randomBytes(15).toString('base64url');
  // Several instances may start at once on one PostgreSQL: only the one whose hash was stored
  // prints its password, so no log ever shows a password that does not work.
  if (await repo.insertSettingIfAbsent(db, BUG_ADMIN_PASSWORD_KEY, await hashPassword(password))) {
    unredacted(deps.logger).warn({ password }, 'bug board admin password generated');
  }
}

/** Whether `password` is the bug-close password (argon2 verification, constant time). */
export async function isBugAdminPassword(deps: AppDeps, password: string): Promise<boolean> {
  const stored = await repo.getSetting(deps.db.kysely, BUG_ADMIN_PASSWORD_KEY);
  // With no hash stored verifyPassword still does the work of one check, and says no.
  return verifyPassword(stored, password);
}
