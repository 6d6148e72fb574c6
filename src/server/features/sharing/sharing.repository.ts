import { sql } from 'kysely';
import type { DbHandle } from '../../db/schema';

/** The deck's active (unrevoked) link. */
export function activeOfDeck(db: DbHandle, deckId: number) {
  return db
    .selectFrom('deck_shares')
    .select(['id', 'code', 'created_at'])
    .where('deck_id', '=', deckId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The shared deck an active code opens, with its owner and the sharer's name; undefined for any other code. */
export function findActive(db: DbHandle, code: string) {
  return db
    .selectFrom('deck_shares')
    .innerJoin('decks', 'decks.id', 'deck_shares.deck_id')
    .leftJoin('family_members as held', (j) =>
      j.onRef('held.family_id', '=', 'decks.family_id').on('held.role', '=', sql.lit('holder')),
    )
    .leftJoin('users as holder', 'holder.id', 'held.user_id')
    .leftJoin('users as sharer', 'sharer.id', 'deck_shares.created_by')
    .select([
      'decks.id as deck_id',
      'decks.family_id as owner_id',
      'decks.title',
      'decks.subtitle',
      'decks.color',
      (eb) => eb.fn.coalesce('sharer.name', 'holder.name', sql.lit('')).as('sharer_name'),
    ])
    .where('deck_shares.code', '=', code)
    .where('deck_shares.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function insert(
  db: DbHandle,
  share: { deckId: number; code: string; createdBy: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('deck_shares')
    .values({ deck_id: share.deckId, code: share.code, created_by: share.createdBy, created_at: now })
    .execute();
}

/** Revokes the deck's active link; false when it had none. */
export async function revoke(db: DbHandle, deckId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('deck_shares')
    .set({ revoked_at: now })
    .where('deck_id', '=', deckId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
