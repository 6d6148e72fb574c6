// Prints the SQL that the app's repositories send for the benchmarked endpoints, so that
// bench/baseline-server.mjs can run the very same statements (`npx tsx bench/print-sql.ts`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { migrate, type Db } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import { decksRepository } from '../src/server/features/decks/decks.repository';
import { progressRepository } from '../src/server/features/progress/progress.repository';
import { imagesRepository } from '../src/server/features/images/images.repository';
import { studyRepository } from '../src/server/features/study/study.repository';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-sql-'));
const sqlite = new SQLite(path.join(dir, 'db.sqlite'));
// No parent rows exist here: only the SQL text matters.
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
capture = true;

const section = (name: string) => console.log(`\n==== ${name}\n`);
section('session lookup (src/server/http/sessions.ts)');
await kysely
  .selectFrom('sessions')
  .select(['id', 'user_id', 'last_seen_at', 'expires_at'])
  .where('token_hash', '=', 'h')
  .executeTakeFirst();
const decks = decksRepository(db);
section('GET /api/decks?student_id=');
await decks.studentExists(1, 2);
await decks.list(1, 2);
section('GET /api/decks/{id}');
await decks.find(1, 3);
await decks.cards(3);
section('GET /api/progress/{id}');
const progress = progressRepository(kysely);
await progress.studentOwned(1, 2);
await progress.overall(2);
await progress.deckStatistics(1, 2);
await progress.problematicCards(1, 2);
section('GET /api/images/{key}');
await imagesRepository(kysely).find(1, 'k');
section('POST /api/card-performance');
await kysely
  .transaction()
  .execute(async (trx) => {
    const study = studyRepository(trx);
    await study.studentOwned(1, 2);
    await study.usableCards(1, 2, [1, 2, 3]);
    await study.claimKey(1, 'card-performance', 'key', 'now');
    const row = { student_id: 2, deck_id: 3, card_id: 1, is_correct: 1, created_at: 'now' };
    await study.insertCardResults([row, { ...row, card_id: 2 }]);
    throw new Error('roll back');
  })
  .catch(() => undefined);
await kysely.destroy();
fs.rmSync(dir, { recursive: true, force: true });
