import type { Bug } from '@shared/schemas/bug';
import type { Actor, AppDeps, FamilyScope, UserId } from '../../context';

/** What the board reads of the actor: the person (bugs and votes are a person's, not a family's). */
type Person = Pick<Actor, 'id'>;
import type { DbHandle } from '../../db/schema';
import { inTransaction, isForeignKeyViolation } from '../../db/transaction';
import { forbidden, notFound } from '../../http/errors';
import { isBugAdminPassword } from './bugs.admin-password';
import { claimIdempotencyKey } from '../study';
import * as repo from './bugs.repository';

/** How many times a toggle retries when a concurrent toggle changed the vote under it. */
const TOGGLE_ATTEMPTS = 10;

const bugNotFound = () => notFound('Bug not found');

/**
 * Rules of the bug board. The board is shared: every signed-in user sees every bug and votes
 * once per bug; anyone holding the admin password may close any bug.
 */
export function bugsService(deps: AppDeps) {
  const db = deps.db.kysely;

  /**
   * Flips the user's vote; whether the user now votes, or null when the bug does not exist. The
   * (bug_id, user_id) primary key arbitrates concurrent clicks: insert-or-nothing, else delete; if
   * another toggle deleted the row in between, try again so that every toggle changes the state
   * exactly once.
   */
  async function flipVote(bugId: number, userId: UserId, now: string): Promise<boolean | null> {
    try {
      return await inTransaction(deps.db, async (trx) => {
        if (!(await repo.exists(trx, bugId))) return null;
        for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt++) {
          if (await repo.insertVote(trx, bugId, userId, now)) return true;
          if (await repo.deleteVote(trx, bugId, userId)) return false;
        }
        return false;
      });
    } catch (err) {
      // The bug or the user was deleted meanwhile.
      if (isForeignKeyViolation(err)) return null;
      throw err;
    }
  }

  /** The vote count and the caller's vote of one bug, as the list shows them. */
  async function votesOf(trx: DbHandle, userId: UserId, bugId: number) {
    const bug = (await repo.list(trx, userId)).find((b) => b.id === bugId);
    return { upvotes: bug?.upvotes ?? 0, user_has_voted: bug?.user_has_voted ?? false };
  }

  return {
    list: (who: Person): Promise<Bug[]> => repo.list(db, who.id),

    /** Files a bug; a retry with the same idempotency key answers the bug the first attempt filed. */
    async report(
      person: Person & FamilyScope,
      input: { title: string; description: string; idempotency_key?: string },
    ): Promise<{ bug: Bug; duplicate: boolean }> {
      const { idempotency_key: key, ...text } = input;
      const now = deps.now().toISOString();
      return inTransaction(deps.db, async (trx) => {
        const userId = person.id;
        // Keys are kept per family (they share one table with the family's study saves).
        if (key !== undefined && !(await claimIdempotencyKey(trx, person.familyId, 'bug-report', key, now))) {
          const earlier = await repo.findLatestOfUser(trx, userId, text);
          if (earlier) return { bug: { ...earlier, ...(await votesOf(trx, userId, earlier.id)) }, duplicate: true };
        }
        const row = await repo.insert(trx, { userId, ...text, now });
        return { bug: { ...row, upvotes: 0, user_has_voted: false }, duplicate: false };
      });
    },

    /** Flips the caller's vote; answers whether they now vote. */
    async toggleVote(who: Person, bugId: number): Promise<{ voted: boolean }> {
      const voted = await flipVote(bugId, who.id, deps.now().toISOString());
      if (voted === null) throw bugNotFound();
      return { voted };
    },

    /** Throws 403 unless `password` is the board's admin password. */
    async requireAdminPassword(password: string): Promise<void> {
      if (!(await isBugAdminPassword(deps, password))) {
        throw forbidden('Incorrect password', 'incorrect_password');
      }
    },

    /** Closes (deletes) the bug and its votes; call after requireAdminPassword. `log`: the request's logger. */
    async close(who: Person, bugId: number, log = deps.logger): Promise<void> {
      if (!(await repo.remove(db, bugId))) throw bugNotFound();
      log.info({ bugId, userId: who.id }, 'bug closed');
    },
  };
}
