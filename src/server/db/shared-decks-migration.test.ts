import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialect } from '../testing/harness';
import { migrate, openDatabase } from './database';

/**
 * Migration 0019 on a copy of the database made by the previous release
 * (fixtures/previous-release/README.md), which has one deck (11, Tom's family) following a shared
 * deck (4) through a copy (card 42) of its card 20. The test gives Tom's family a student who
 * studied the copy, in the previous release's shape, then migrates: the student's rows move to the
 * original card and the copy goes.
 */

const FIXTURE = path.join(__dirname, '../testing/fixtures/previous-release/previous-release.db');
const AT = '2026-11-02T09:00:00.000Z';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A copy of the fixture where Tom's family (user 5) has a student who studied the copy of card 20. */
function previousReleaseCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-0019-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'app.db');
  fs.copyFileSync(FIXTURE, file);
  const raw = new SQLite(file);
  expect(raw.prepare('select deck_id, source_card_id from cards where id = 42').get()).toEqual({
    deck_id: 11,
    source_card_id: 20,
  });
  const student = raw
    .prepare('insert into students (user_id, name, created_at) values (5, ?, ?)')
    .run('Kid TOM', AT).lastInsertRowid;
  raw
    .prepare(
      `insert into memory_states (student_id, card_id, deck_id, state, due, stability, difficulty, elapsed_days,
        scheduled_days, learning_steps, reps, lapses, last_review) values (?, 42, 11, 'review', ?, 3.2, 5.1, 0, 3, 0, 1, 0, ?)`,
    )
    .run(student, AT, AT);
  raw
    .prepare(
      "insert into review_logs (student_id, card_id, rating, reviewed_at, created_at) values (?, 42, 'good', ?, ?)",
    )
    .run(student, AT, AT);
  raw
    .prepare('insert into card_results (student_id, deck_id, card_id, is_correct, created_at) values (?, 11, 42, 1, ?)')
    .run(student, AT);
  raw
    .prepare('insert into card_totals (student_id, card_id, deck_id, attempts, correct) values (?, 42, 11, 1, 1)')
    .run(student);
  raw.prepare('insert into new_card_cursors (student_id, deck_id, seen_through) values (?, 11, 42)').run(student);
  raw.close();
  return file;
}

const rowsOfTom = (file: string) => {
  const raw = new SQLite(file, { readonly: true });
  const student = (raw.prepare("select id from students where name = 'Kid TOM'").get() as { id: number }).id;
  const of = (table: string, columns: string) =>
    raw.prepare(`select ${columns} from ${table} where student_id = ? order by 1`).all(student);
  const rows = {
    memory_states: of('memory_states', 'card_id, deck_id, state, reps'),
    review_logs: of('review_logs', 'card_id, rating'),
    card_results: of('card_results', 'card_id, deck_id, is_correct'),
    card_totals: of('card_totals', 'card_id, deck_id, attempts'),
    new_card_cursors: of('new_card_cursors', 'deck_id, seen_through'),
    cards: raw.prepare('select id, deck_id from cards where deck_id in (4, 11) order by id').all(),
    card_columns: (raw.prepare("select name from pragma_table_info('cards')").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  };
  raw.close();
  return rows;
};

describe.runIf(testDialect === 'sqlite')('migration 0019 (shared decks read in place) on SQLite', () => {
  it('moves the recipients’ rows to the original cards, deletes the copies and drops source_card_id', async () => {
    const file = previousReleaseCopy();
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    expect(rowsOfTom(file)).toEqual({
      memory_states: [{ card_id: 20, deck_id: 11, state: 'review', reps: 1 }],
      review_logs: [{ card_id: 20, rating: 'good' }],
      card_results: [{ card_id: 20, deck_id: 11, is_correct: 1 }],
      card_totals: [{ card_id: 20, deck_id: 11, attempts: 1 }],
      new_card_cursors: [{ deck_id: 11, seen_through: 20 }],
      cards: [{ id: 20, deck_id: 4 }],
      card_columns: expect.not.arrayContaining(['source_card_id']),
    });
    const raw = new SQLite(file, { readonly: true });
    expect(raw.prepare('pragma foreign_key_check').all()).toEqual([]);
    expect(raw.prepare("select name from sqlite_master where name = 'cards_deck'").get()).toEqual({
      name: 'cards_deck',
    });
    raw.close();
  });

  it('refuses a copy that names no card of the deck it follows, changing nothing of what it would move', async () => {
    const file = previousReleaseCopy();
    const raw = new SQLite(file);
    raw.prepare('update cards set source_card_id = 1 where id = 42').run();
    raw.close();
    const before = rowsOfTom(file);
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      await expect(migrate(db)).rejects.toThrow(/name no card of the deck they follow; nothing was changed/);
    } finally {
      await db.close();
    }
    expect(rowsOfTom(file)).toEqual(before);
  });
});
