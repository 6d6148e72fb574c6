import type { Kysely } from 'kysely';
import type { Bug } from '@shared/schemas/bug';
import type { Database } from '../../db/schema';

/** How many times a toggle retries when a concurrent toggle changed the vote under it. */
const TOGGLE_ATTEMPTS = 10;

/** A foreign key violation (the bug or user was deleted meanwhile), on PostgreSQL or SQLite. */
function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** All SQL of the bug board: bugs, their votes and the board's admin password hash. */
export function bugsRepository(db: Kysely<Database>) {
  return {
    /** Every bug, newest first, with its vote count and the caller's vote, in one query. */
    async list(userId: number): Promise<Bug[]> {
      const rows = await db
        .selectFrom('bugs')
        .select((eb) => [
          'bugs.id',
          'bugs.title',
          'bugs.description',
          'bugs.created_at',
          eb
            .selectFrom('bug_votes')
            .select((v) => v.fn.countAll<number>().as('n'))
            .whereRef('bug_votes.bug_id', '=', 'bugs.id')
            .as('upvotes'),
          eb
            .exists(
              eb
                .selectFrom('bug_votes')
                .select('bug_votes.bug_id')
                .whereRef('bug_votes.bug_id', '=', 'bugs.id')
                .where('bug_votes.user_id', '=', userId),
            )
            .as('user_has_voted'),
        ])
        .orderBy('bugs.created_at', 'desc')
        .orderBy('bugs.id', 'desc')
        .execute();
      // SQLite answers EXISTS with 0/1 and PostgreSQL with a boolean.
      return rows.map((r) => ({ ...r, upvotes: Number(r.upvotes ?? 0), user_has_voted: Boolean(r.user_has_voted) }));
    },

    create(input: { userId: number; title: string; description: string; now: string }) {
      return db
        .insertInto('bugs')
        .values({ user_id: input.userId, title: input.title, description: input.description, created_at: input.now })
        .returning(['id', 'title', 'description', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Flips the user's vote; returns whether the user now votes, or null when the bug does not
     * exist. The (bug_id, user_id) primary key arbitrates concurrent clicks: insert-or-nothing,
     * else delete; if another toggle deleted the row in between, try again so that every
     * toggle changes the state exactly once.
     */
    async toggleVote(bugId: number, userId: number, now: string): Promise<boolean | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          const bug = await trx.selectFrom('bugs').select('id').where('id', '=', bugId).executeTakeFirst();
          if (!bug) return null;
          for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt++) {
            const inserted = await trx
              .insertInto('bug_votes')
              .values({ bug_id: bugId, user_id: userId, created_at: now })
              .onConflict((oc) => oc.columns(['bug_id', 'user_id']).doNothing())
              .returning('bug_id')
              .executeTakeFirst();
            if (inserted) return true;
            const deleted = await trx
              .deleteFrom('bug_votes')
              .where('bug_id', '=', bugId)
              .where('user_id', '=', userId)
              .executeTakeFirst();
            if (deleted.numDeletedRows > 0n) return false;
          }
          return false;
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) return null;
        throw err;
      }
    },

    /** Deletes the bug (its votes cascade); false when there was none. */
    async delete(bugId: number): Promise<boolean> {
      const result = await db.deleteFrom('bugs').where('id', '=', bugId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async getSetting(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async putSetting(key: string, value: string): Promise<void> {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    /** Stores the value only where the key is absent; true when this call stored it. */
    async insertSettingIfAbsent(key: string, value: string): Promise<boolean> {
      const row = await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
