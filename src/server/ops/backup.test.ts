import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app';
import { loadConfig } from '../config';
import { migrate, openDatabase, type Db } from '../db/database';
import { createTestApp, testDialect, type Agent, type TestApp } from '../testing/harness';
import { cardForm, makeJpeg } from '../testing/images';
import SQLite from 'better-sqlite3';
import { backupSqlite, integrityCheck, restoreSqlite } from './backup';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs `npm run backup -- <dest>` as an operator would, in its own process, against `dbFile`. */
function runBackupScript(dbFile: string, dest: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', dest], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const sessionBody = (student: number, deck: number, i: number) => ({
  student_id: student,
  deck_id: deck,
  cards_studied: 3,
  cards_mastered: i % 4,
  cards_not_mastered: 3 - (i % 4 === 3 ? 3 : i % 4),
  accuracy_percentage: ((i % 4 === 3 ? 3 : i % 4) / 3) * 100,
  study_duration_seconds: i,
  idempotency_key: `backup-load-${i}`,
});

async function apiGet(app: App, url: string, cookie: string) {
  const res = await app.request(`http://localhost${url}`, { headers: { cookie } });
  expect(res.status, url).toBe(200);
  return res.headers.get('content-type')?.startsWith('image/') ? Buffer.from(await res.arrayBuffer()) : res.json();
}

describe.skipIf(testDialect === 'postgres')('npm run backup (SQLite online backup)', () => {
  let t: TestApp;
  let u: Agent;
  let restoredDir: string;
  let restoredDb: Db | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    u = await t.user('parent');
    restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-restored-'));
  });
  afterAll(async () => {
    await restoredDb?.close();
    await t.close();
    fs.rmSync(restoredDir, { recursive: true, force: true });
  });

  it('backs up while the app writes; the restored copy passes integrity_check and serves the same data', async () => {
    const student = (await u.post('/api/students', { name: 'Ana' })).body.id;
    const deck = (await u.post('/api/decks', { title: 'Animals', student_id: student })).body.id;
    const picture = { bytes: await makeJpeg(200, 150) };
    for (const [en, es] of [
      ['dog', 'perro'],
      ['cat', 'gato'],
      ['bird', 'pájaro'],
    ]) {
      const res = await u.form(
        'POST',
        '/api/cards',
        cardForm({ deck_id: deck, en: en!, es: es! }, en === 'dog' ? picture : undefined),
      );
      expect(res.status).toBe(201);
    }

    // Study saves and deck copies (a deck and its cards in one transaction) keep coming while the backup runs.
    let stop = false;
    let acked = 0;
    const refused: string[] = [];
    const load = (async () => {
      for (let i = 1; !stop; i++) {
        const res =
          i % 10 === 0
            ? await u.post(`/api/decks/${deck}/duplicate`, { title: `Copy ${i}` })
            : await u.post('/api/study-sessions', sessionBody(student, deck, i));
        if (res.status === 201) acked++;
        else refused.push(`${res.status} ${res.text}`);
        // SQLite answers within microtasks: yield so that timers and the backup process get their turn.
        await new Promise((r) => setImmediate(r));
      }
    })();
    while (acked < 20 && refused.length === 0) await new Promise((r) => setTimeout(r, 5));
    const sessionsBefore = await countRows(t.db, 'study_sessions');
    const backupFile = path.join(t.config.dataDir, 'backups', 'under-load.db');
    const result = await runBackupScript(t.db.sqlite!.name, backupFile);
    stop = true;
    await load;
    expect(refused).toEqual([]);
    expect(result.out).toContain('integrity_check ok');
    expect(result.code).toBe(0);

    const file = path.join(restoredDir, 'flashcards.db');
    restoreSqlite(backupFile, file);
    expect(integrityCheck(file)).toBe('ok');
    restoredDb = openDatabase({ kind: 'sqlite', file });
    await migrate(restoredDb);
    const { app: restored } = createApp({
      config: loadConfig({ DATA_DIR: restoredDir, LOG_LEVEL: 'silent' }),
      db: restoredDb,
    });

    // The copy is the database at one moment: every table is a prefix of the live one, row for row.
    const sessionsRestored = await countRows(restoredDb, 'study_sessions');
    // Saves went on while the backup process started and copied (it takes far longer than one save).
    expect(sessionsRestored).toBeGreaterThan(sessionsBefore);
    for (const table of ['users', 'students', 'decks', 'cards', 'images', 'study_sessions', 'card_results'] as const) {
      const copy = await restoredDb.kysely.selectFrom(table).selectAll().orderBy('id').execute();
      const last = copy.at(-1)?.id ?? 0;
      const live = await t.db.kysely.selectFrom(table).selectAll().where('id', '<=', last).orderBy('id').execute();
      expect(copy, table).toEqual(live);
    }
    expect(await countRows(restoredDb, 'idempotency_keys')).toBe(sessionsRestored);

    // And the restored app answers as the live one did for everything in the copy.
    const restoredDecks = await apiGet(restored, '/api/decks', u.cookie);
    const ids = new Set(restoredDecks.map((d: { id: number }) => d.id));
    expect(ids.size).toBeGreaterThan(1);
    const liveDecks = await apiGet(t.app, '/api/decks', u.cookie);
    expect(restoredDecks).toEqual(liveDecks.filter((d: { id: number }) => ids.has(d.id)));
    for (const id of ids) {
      const detail = await apiGet(restored, `/api/decks/${id}`, u.cookie);
      expect(detail.cards).toHaveLength(3);
      expect(detail).toEqual(await apiGet(t.app, `/api/decks/${id}`, u.cookie));
    }
    expect(await apiGet(restored, '/api/students', u.cookie)).toEqual(await apiGet(t.app, '/api/students', u.cookie));
    const key = (await apiGet(restored, `/api/decks/${deck}`, u.cookie)).cards[0].front_image_key;
    expect(await apiGet(restored, `/api/images/${key}`, u.cookie)).toEqual(
      await apiGet(t.app, `/api/images/${key}`, u.cookie),
    );
    const progress = await apiGet(restored, `/api/progress/${student}`, u.cookie);
    expect(progress.overall_statistics.total_sessions).toBe(sessionsRestored);
  });

  it('restores over a database a crash left with its -wal file, and keeps that database aside', async () => {
    const dir = path.join(restoredDir, 'crashed');
    const file = path.join(dir, 'flashcards.db');
    fs.mkdirSync(dir);
    // The live database (with a committed write still only in its WAL) is backed up...
    const backupFile = path.join(restoredDir, 'small.db');
    await backupSqlite(t.db.sqlite!.name, backupFile);
    // ...and a crashed one is left behind: its last write exists only in flashcards.db-wal.
    const crashed = new SQLite(path.join(restoredDir, 'crash-source.db'));
    crashed.pragma('journal_mode = WAL');
    crashed.exec('create table users (id integer primary key); insert into users values (424242)');
    for (const suffix of ['', '-wal', '-shm']) {
      fs.copyFileSync(path.join(restoredDir, `crash-source.db${suffix}`), `${file}${suffix}`);
    }
    crashed.close();

    const result = restoreSqlite(backupFile, file);

    expect(integrityCheck(file)).toBe('ok');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const restored = new SQLite(file, { readonly: true });
    const live = t.db.sqlite!.prepare('select id, email from users order by id').all();
    expect(restored.prepare('select id, email from users order by id').all()).toEqual(live);
    restored.close();
    // The replaced database, WAL included, can still be opened: nothing was thrown away.
    const previous = new SQLite(result.previous!, { readonly: true });
    expect(previous.prepare('select id from users').all()).toEqual([{ id: 424242 }]);
    previous.close();
  });
});

async function countRows(db: Db, table: 'study_sessions' | 'idempotency_keys'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
