import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { tableColumns } from './table-columns';

/**
 * A deck added from a share is read where it lives (issue 23). Until now each deck following a
 * shared deck held a copy of every card (`cards.source_card_id` naming the original), and every
 * edit of the sharer was written to every copy. Now a following deck has no cards of its own:
 *
 * - the memory, review log, answers and per-card totals of the recipients' students move from the
 *   copies to the original cards (`source_card_id`), and each new-card cursor to the last original
 *   card within it;
 * - the copies are deleted, and `cards.source_card_id` (with its index) is dropped.
 *
 * It refuses a database it does not recognise (no `source_card_id`, a copy in a following deck that
 * names no card of the deck it follows) and says why, before changing anything. SQLite cannot drop
 * a column with a foreign key: the cards table is rebuilt in one transaction with foreign keys off
 * (as SQLite documents), then checked with `foreign_key_check`. PostgreSQL runs it in the
 * migrator's transaction.
 */

const MOVED = ['memory_states', 'review_logs', 'card_results', 'card_totals'] as const;

/** The copies in following decks: every card of a deck whose shared_from_deck_id is set. */
const COPIES = sql`(select c.id from cards c join decks d on d.id = c.deck_id where d.shared_from_deck_id is not null)`;

export function sharedDecksInPlaceMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await recognise(db, dialect);
        await moveToOriginals(db);
        await db.schema.dropIndex('cards_source_card').ifExists().execute();
        await db.schema.alterTable('cards').dropColumn('source_card_id').execute();
        return;
      }
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        await sql`begin immediate`.execute(db);
        try {
          await recognise(db, dialect);
          await moveToOriginals(db);
          await sql`drop index if exists cards_source_card`.execute(db);
          await rebuildCardsWithoutSource(db);
          const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
          if (broken.rows.length > 0)
            throw new Error(
              `shared decks: ${broken.rows.length} rows would reference nothing (${broken.rows[0]!.table})`,
            );
          await sql`commit`.execute(db);
        } catch (err) {
          await sql`rollback`.execute(db);
          throw err;
        }
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    },
  };
}

async function recognise(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const columns = (table: string) => tableColumns(db, dialect, table);
  if (!(await columns('cards')).includes('source_card_id'))
    throw new Error(
      'shared decks: this database is not one this release knows (cards has no source_card_id); nothing was changed',
    );
  if (!(await columns('decks')).includes('shared_from_deck_id'))
    throw new Error(
      'shared decks: this database is not one this release knows (decks has no shared_from_deck_id); nothing was changed',
    );
  for (const table of [...MOVED, 'new_card_cursors']) {
    if ((await columns(table)).length === 0)
      throw new Error(
        `shared decks: this database is not one this release knows (no ${table} table); nothing was changed`,
      );
  }
  // Every copy must name a card of the deck its deck follows, or there is nothing to move it to.
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from cards c join decks d on d.id = c.deck_id
    where d.shared_from_deck_id is not null
      and not exists (select 1 from cards o where o.id = c.source_card_id and o.deck_id = d.shared_from_deck_id)`.execute(
    db,
  );
  if (Number(rows[0]!.n) > 0)
    throw new Error(
      `shared decks: ${rows[0]!.n} cards of following decks name no card of the deck they follow; nothing was changed`,
    );
}

async function moveToOriginals(db: Kysely<unknown>): Promise<void> {
  for (const table of MOVED) {
    await sql`update ${sql.table(table)}
      set card_id = (select c.source_card_id from cards c where c.id = ${sql.ref(`${table}.card_id`)})
      where card_id in ${COPIES}`.execute(db);
  }
  // A cursor said every copy up to it was answered: now the last original card among those copies.
  await sql`update new_card_cursors
    set seen_through = coalesce((select max(c.source_card_id) from cards c
      where c.deck_id = new_card_cursors.deck_id and c.id <= new_card_cursors.seen_through), 0)
    where deck_id in (select id from decks where shared_from_deck_id is not null)`.execute(db);
  await sql`delete from cards where id in ${COPIES}`.execute(db);
}

/** SQLite: the cards table again, without source_card_id (its definition as stored, that column left out). */
async function rebuildCardsWithoutSource(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'cards'`.execute(db);
  const create = rows.find((r) => r.type === 'table')!.sql!;
  const indexes = rows.filter((r) => r.type === 'index' && r.sql);
  const definition = create.replace(/,\s*"source_card_id" integer references "cards" \("id"\) on delete set null/, '');
  if (definition === create)
    throw new Error('shared decks: cards.source_card_id is not where it was expected; nothing was changed');
  const columns = (await sql<{ name: string }>`select name from pragma_table_info('cards')`.execute(db)).rows
    .map((r) => r.name)
    .filter((c) => c !== 'source_card_id');
  const list = columns.map((n) => `"${n}"`).join(', ');
  await sql.raw(definition.replace('CREATE TABLE "cards"', 'CREATE TABLE "cards__in_place"')).execute(db);
  await sql.raw(`insert into "cards__in_place" (${list}) select ${list} from "cards"`).execute(db);
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'cards'`.execute(db);
  await sql.raw('drop table "cards"').execute(db);
  await sql.raw('alter table "cards__in_place" rename to "cards"').execute(db);
  for (const index of indexes) await sql.raw(index.sql!).execute(db);
  if (counter.rows[0])
    await sql`update sqlite_sequence set seq = ${counter.rows[0].seq} where name = 'cards'`.execute(db);
}
