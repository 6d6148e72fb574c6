import type { Bug } from '@shared/schemas/bug';
import type { AppDeps } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { isBugAdminPassword } from './bugs.admin-password';
import { bugsRepository } from './bugs.repository';

const bugNotFound = () => notFound('Bug not found');

/**
 * Rules of the bug board. The board is shared: every signed-in user sees every bug and votes
 * once per bug; anyone holding the admin password may close any bug.
 */
export function bugsService(deps: AppDeps) {
  const repo = bugsRepository(deps.db.kysely);
  return {
    list: (userId: number): Promise<Bug[]> => repo.list(userId),

    async report(userId: number, input: { title: string; description: string }): Promise<Bug> {
      const row = await repo.create({ userId, ...input, now: deps.now().toISOString() });
      return { ...row, upvotes: 0, user_has_voted: false };
    },

    /** Flips the caller's vote; answers whether they now vote. */
    async toggleVote(userId: number, bugId: number): Promise<{ voted: boolean }> {
      const voted = await repo.toggleVote(bugId, userId, deps.now().toISOString());
      if (voted === null) throw bugNotFound();
      return { voted };
    },

    /** Throws 403 unless `password` is the board's admin password. */
    async requireAdminPassword(password: string): Promise<void> {
      if (!(await isBugAdminPassword(deps, password))) {
        throw forbidden('Incorrect password', 'incorrect_password');
      }
    },

    /** Closes (deletes) the bug and its votes; call after requireAdminPassword. */
    async close(userId: number, bugId: number): Promise<void> {
      if (!(await repo.delete(bugId))) throw bugNotFound();
      deps.logger.info('bug closed', { bugId, userId });
    },
  };
}
