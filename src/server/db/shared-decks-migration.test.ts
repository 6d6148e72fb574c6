import { afterEach, describe, expect, it } from 'vitest';
import { testDialect } from '../testing/harness';
import { previousDatabase, rawClient, type PreviousDatabase, type RawClient } from '../testing/previous-release';
import { whileNoSchemaIsDropped } from '../testing/test-database';
import { migrate } from './database';

/**
 * Migration 0019 on the database made by the previous release (testing/previous-release.ts), on
 * SQLite and PostgreSQL. It has one deck (11, Tom's family) following a shared deck (4) through a
 * copy (card 42) of its card 20. The test gives Tom's family a student who studied the copy, in the
 * previous release's shape, then migrates: the student's rows move to the original card and the
 * copy goes.
 */

const AT = '2026-11-02T09:00:00.000Z';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs `fn` with the dialect's own client on the database, closing it after. */
async function withClient<T>(where: PreviousDatabase, fn: (c: RawClient) => Promise<T>): Promise<T> {
  const c = await rawClient(where);
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

/** The previous release's database where Tom's family (user 5) has a student who studied the copy of card 20. */
async function previousReleaseWithTomsStudent(): Promise<PreviousDatabase> {
  const where = await previousDatabase('shared');
  cleanups.push(where.dispose);
  await withClient(where, async (c) => {
    expect(await c.query('select deck_id, source_card_id from cards where id = 42')).toEqual([
      { deck_id: 11, source_card_id: 20 },
    ]);
    const student = (
      await c.query<{ id: number }>('insert into students (user_id, name, created_at) values (5, ?, ?) returning id', [
        'Kid TOM',
        AT,
      ])
    )[0]!.id;
    await c.query(
      `insert into memory_states (student_id, card_id, deck_id, state, due, stability, difficulty, elapsed_days,
        scheduled_days, learning_steps, reps, lapses, last_review) values (?, 42, 11, 'review', ?, 3.2, 5.1, 0, 3, 0, 1, 0, ?)`,
      [student, AT, AT],
    );
    await c.query(
      "insert into review_logs (student_id, card_id, rating, reviewed_at, created_at) values (?, 42, 'good', ?, ?)",
      [student, AT, AT],
    );
    await c.query(
      'insert into card_results (student_id, deck_id, card_id, is_correct, created_at) values (?, 11, 42, 1, ?)',
      [student, AT],
    );
    await c.query(
      'insert into card_totals (student_id, card_id, deck_id, attempts, correct) values (?, 42, 11, 1, 1)',
      [student],
    );
    await c.query('insert into new_card_cursors (student_id, deck_id, seen_through) values (?, 11, 42)', [student]);
  });
  return where;
}

/** Migrates it to this release with the app's own code. */
async function upgrade(where: PreviousDatabase): Promise<void> {
  const db = where.open();
  try {
    await whileNoSchemaIsDropped(db, () => migrate(db));
  } finally {
    await db.close();
  }
}

/** The columns of the cards table, its indexes, and the foreign keys that name it, as the database describes them. */
async function cardsSchema(c: RawClient) {
  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
  if (testDialect === 'sqlite')
    return {
      columns: names(await c.query("select name from pragma_table_info('cards')")),
      indexes: names(await c.query("select name from sqlite_master where type = 'index' and tbl_name = 'cards'")),
      references: names(
        await c.query(`select m.name || '.' || f."from" as name from sqlite_master m, pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f."table" = 'cards'`),
      ),
    };
  return {
    columns: names(
      await c.query(`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'cards'`),
    ),
    indexes: names(
      await c.query(`select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename = 'cards' and indexname <> 'cards_pkey'`),
    ),
    // Every foreign key naming cards, with whether PostgreSQL holds it (validated and enforced).
    references: names(
      await c.query(`select p.conrelid::regclass::text || '.' || a.attname
          || (case when p.convalidated then '' else ' (not held)' end) as name
        from pg_constraint p join pg_attribute a on a.attrelid = p.conrelid and a.attnum = any(p.conkey)
        where p.contype = 'f' and p.confrelid = 'cards'::regclass`),
    ),
  };
}

/** What the migration moves, deletes or drops: Tom's student's rows, the cards of decks 4 and 11, the cards schema. */
async function rowsOfTom(where: PreviousDatabase) {
  return withClient(where, async (c) => {
    const student = (await c.query<{ id: number }>("select id from students where name = 'Kid TOM'"))[0]!.id;
    const of = (table: string, columns: string) =>
      c.query(`select ${columns} from ${table} where student_id = ? order by 1`, [student]);
    return {
      memory_states: await of('memory_states', 'card_id, deck_id, state, reps'),
      review_logs: await of('review_logs', 'card_id, rating'),
      card_results: await of('card_results', 'card_id, deck_id, is_correct'),
      card_totals: await of('card_totals', 'card_id, deck_id, attempts'),
      new_card_cursors: await of('new_card_cursors', 'deck_id, seen_through'),
      cards: await c.query('select id, deck_id from cards where deck_id in (4, 11) order by id'),
      cards_schema: await cardsSchema(c),
    };
  });
}

/** Rows that name a card (or any parent, on SQLite) that is not there. */
async function danglingReferences(where: PreviousDatabase) {
  return withClient(where, async (c) => {
    if (testDialect === 'sqlite') return c.query('pragma foreign_key_check');
    const references = (await cardsSchema(c)).references.map((r) => r.split('.') as [string, string]);
    const dangling: string[] = [];
    for (const [table, column] of references) {
      const { n } = (
        await c.query<{ n: number }>(
          `select count(*) as n from "${table}" t where t."${column}" is not null
          and not exists (select 1 from cards c where c.id = t."${column}")`,
        )
      )[0]!;
      if (n > 0) dangling.push(`${table}.${column}: ${n}`);
    }
    return dangling;
  });
}

const migrationRan = (where: PreviousDatabase) =>
  withClient(where, (c) => c.query("select name from kysely_migration where name = '0019-shared-decks-in-place'"));

describe(`migration 0019 (shared decks read in place) on ${testDialect}`, () => {
  it('moves the recipients’ rows to the original cards, deletes the copies and drops source_card_id', async () => {
    const where = await previousReleaseWithTomsStudent();
    const before = (await rowsOfTom(where)).cards_schema;
    expect(before.columns).toContain('source_card_id');
    expect(before.indexes).toEqual(expect.arrayContaining(['cards_deck', 'cards_source_card']));
    expect(before.references).toContain('cards.source_card_id');

    await upgrade(where);

    expect(await rowsOfTom(where)).toEqual({
      memory_states: [{ card_id: 20, deck_id: 11, state: 'review', reps: 1 }],
      review_logs: [{ card_id: 20, rating: 'good' }],
      card_results: [{ card_id: 20, deck_id: 11, is_correct: 1 }],
      card_totals: [{ card_id: 20, deck_id: 11, attempts: 1 }],
      new_card_cursors: [{ deck_id: 11, seen_through: 20 }],
      cards: [{ id: 20, deck_id: 4 }],
      cards_schema: {
        columns: before.columns.filter((c) => c !== 'source_card_id'),
        indexes: before.indexes.filter((i) => i !== 'cards_source_card'),
        // Every other table's foreign key to cards is still there, and held.
        references: before.references.filter((r) => r !== 'cards.source_card_id'),
      },
    });
    expect(await danglingReferences(where)).toEqual([]);
    expect(await migrationRan(where)).toEqual([{ name: '0019-shared-decks-in-place' }]);
  });

  it('refuses a copy that names no card of the deck it follows, changing nothing of what it would move', async () => {
    const where = await previousReleaseWithTomsStudent();
    await withClient(where, (c) => c.query('update cards set source_card_id = 1 where id = 42'));
    const before = await rowsOfTom(where);

    await expect(upgrade(where)).rejects.toThrow(/name no card of the deck they follow; nothing was changed/);

    expect(await rowsOfTom(where)).toEqual(before);
    expect(await migrationRan(where)).toEqual([]);
  });
});
