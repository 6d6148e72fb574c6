// Prints the SQL that the app's repositories send for the benchmarked endpoints, so that
// bench/baseline-server.mjs can run the very same statements (`npx tsx bench/print-sql.ts`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { migrate, type Db } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import { inTransaction } from '../src/server/db/transaction';
import { writeTogether } from '../src/server/db/write-together';
import * as access from '../src/server/features/access/access.repository';
import * as sessions from '../src/server/features/auth/sessions.repository';
import * as cards from '../src/server/features/cards/cards.repository';
import * as decks from '../src/server/features/decks/decks.repository';
import * as media from '../src/server/features/media/media.repository';
import { memoryStatistics, modeStatistics } from '../src/server/features/memory/memory-statistics.service';
import { recordReviews, reviewsToRecord } from '../src/server/features/memory/memory.service';
import { deckReviewCounts, reviewQueue } from '../src/server/features/memory/review-queue.service';
import * as progress from '../src/server/features/progress/progress.repository';
import * as study from '../src/server/features/study/study.repository';
import type { FamilyId } from '../src/server/context';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-sql-'));
const sqlite = new SQLite(path.join(dir, 'db.sqlite'));
// Few parent rows exist here: only the SQL text matters.
sqlite.pragma('foreign_keys = OFF');
const seen = new Set<string>();
let capture = false;
const kysely = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => {
    if (capture && !seen.has(e.query.sql)) {
      seen.add(e.query.sql);
      console.log(`${e.query.sql};\n  -- params ${JSON.stringify(e.query.parameters)}\n`);
    }
  },
});
const db: Db = { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
await migrate(db);
// Spaced repetition reads a student's settings before it gets far: one student, deck and three cards.
const C = '2025-01-01T00:00:00.000Z';
await kysely
  .insertInto('users')
  .values({ id: 1, email: null, email_normalized: null, name: 'U', given_name: null, picture: null, created_at: C })
  .execute();
await kysely.insertInto('families').values({ id: 1, created_at: C }).execute();
await kysely.insertInto('family_members').values({ user_id: 1, family_id: 1, role: 'holder', joined_at: C }).execute();
await kysely
  .insertInto('students')
  .values({ id: 2, family_id: 1, name: 'S', age: null, native_language: '', created_at: C })
  .execute();
await kysely
  .insertInto('decks')
  .values({
    id: 3,
    family_id: 1,
    student_id: 2,
    title: 'D',
    subtitle: null,
    color: '#ff6b6b',
    is_imported: 0,
    original_deck_id: null,
    is_archived: 0,
    created_at: C,
  })
  .execute();
await kysely
  .insertInto('cards')
  .values(
    [1, 2, 3].map((id) => ({
      id,
      deck_id: 3,
      en: 'e',
      es: 's',
      en_pronunciation: null,
      es_pronunciation: null,
      front_image_key: null,
      back_image_key: null,
      created_at: C,
    })),
  )
  .execute();
const now = new Date('2025-01-15T09:00:00.000Z');
/** The ids of a family and its student as the bench app gives them (the SQL is the same for any). */
const family = 1 as FamilyId;
capture = true;

const section = (name: string) => console.log(`\n==== ${name}\n`);
section('session lookup (src/server/features/auth/sessions.repository.ts)');
await sessions.findByTokenHash(kysely, 'h');
section('GET /api/decks?student_id= (UTC: the day ends at 2025-01-16T00:00:00.000Z)');
await access.studentOwned(kysely, family, 2);
await decks.list(kysely, family, 2);
await deckReviewCounts(kysely, { familyId: family, studentId: 2, tz: 'UTC', now });
section('GET /api/decks/{id}');
await decks.find(kysely, family, 3);
await cards.ofDeck(kysely, 3);
section('GET /api/progress/{id}');
await progress.totals(kysely, family, 2);
await progress.problematicCards(kysely, family, 2);
await memoryStatistics(kysely, { familyId: family, studentId: 2, tz: 'UTC', now });
await modeStatistics(kysely, 2, now);
section('GET /api/students/{id}/review (UTC)');
await reviewQueue(kysely, { familyId: family }, { studentId: 2, tz: 'UTC', now });
section('GET /api/images/{key}');
await media.find(kysely, 'image', family, 'k');
section('POST /api/card-performance');
await inTransaction(db, async (trx) => {
  // Two known cards: the first answers of them, then the save as the bench sends it (study.service.ts).
  const answers = [1, 2].map((card_id) => ({ card_id, rating: 'good' as const }));
  capture = false;
  await recordReviews(trx, { familyId: family, studentId: 2, now, results: answers });
  capture = true;
  const reviews = await reviewsToRecord(trx, {
    familyId: family,
    studentId: 2,
    now: new Date(+now + 60_000),
    results: answers,
  });
  const row = { student_id: 2, deck_id: 3, card_id: 1, is_correct: 1, created_at: 'now' };
  await writeTogether(trx, [
    ...progress.cardResultWrites(trx, [row, { ...row, card_id: 2 }]),
    ...reviews.writes,
    study.claimKeyWrite(trx, family, 'card-performance', 'key', 'now'),
  ]);
  await reviews.afterWrites(trx);
  throw new Error('roll back');
}).catch(() => undefined);
await kysely.destroy();
fs.rmSync(dir, { recursive: true, force: true });
