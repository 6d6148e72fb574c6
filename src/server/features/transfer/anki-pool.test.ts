import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApkg,
  heavyNotes,
  noteTypeId,
  sendPackage,
  SMALL_PACKAGE_MAPPING,
  smallPackage,
  soundHeavyNotes,
} from '../../testing/apkg-fixture';
import { createTestApp, testDialect, type Agent, type TestApp } from '../../testing/harness';
import { makePng } from '../../testing/images';

/**
 * Packages are read on a few threads (anki-pool.ts), never on the thread that answers requests:
 * while one family's package is being read, other families are answered; a family's packages are
 * read one at a time; a package past its time or memory budget is refused, and nothing is stored.
 */

// The threads, queue and budgets are the same whichever database stores the result (anki-import.test.ts
// and anki-jobs.test.ts save imports on both): these run once, on SQLite.
const once = testDialect === 'sqlite';
const basic = { name: 'Basic', fields: ['Front', 'Back'] };
const mapping = JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } });
/** Read for a second or more: long enough to act while it is read. */
let slow: Buffer;
/** Read for several seconds, longer than a one-second time budget. */
let heavy: Buffer;
beforeAll(async () => {
  if (!once) return;
  // Notes of 25 KB of nested HTML: the real import reads every note.
  slow = await buildApkg({ format: 'anki21', noteTypes: [basic], notes: heavyNotes(400, 25) });
  heavy = await buildApkg({ format: 'anki21', noteTypes: [basic], notes: heavyNotes(1500, 25) });
}, 120_000);

/** Asks `check` again (a status request) until it holds; fails after `tries`. */
async function until(check: () => Promise<boolean>, tries = 600) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never happened');
}

function expectRefused(res: { status: number; body: { code?: string; error?: string } }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, error: expect.any(String) });
}

const status = async (agent: Agent) => (await agent.get('/api/imports/anki/status')).body;
const reading = (agent: Agent) =>
  until(async () => {
    const s = await status(agent);
    return s.running === 1 && s.progress !== null && s.progress.notes_read > 0;
  });

describe.runIf(once)('the import threads', () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.user('heavy-family');
    b = await t.user('neighbour');
    // Both threads started (two families at once), so that the tests below see them read, not start.
    const [c, d] = [await t.user('warm-c'), await t.user('warm-d')];
    const warm = await Promise.all([c, d].map(async (x) => sendPackage(x, await smallPackage(), { dry_run: 'true' })));
    expect(warm.map((r) => r.status)).toEqual([200, 200]);
  }, 120_000);
  afterAll(() => t.close());

  it("answers other families while one family's package is being read", async () => {
    let done = false;
    const importing = sendPackage(a, slow, { mapping }).finally(() => (done = true));
    await reading(a);
    const decks = await b.get('/api/decks');
    expect(decks.status).toBe(200);
    const preview = await sendPackage(b, await smallPackage(), { dry_run: 'true' });
    expect(preview.status).toBe(200);
    expect(preview.body.notes).toBe(1);
    // The neighbour was answered while the heavy package was still being read.
    expect(done).toBe(false);
    expect((await status(b)).running).toBe(0);
    const res = await importing;
    expect(res.status).toBe(201);
    expect(res.body.skipped.notes.too_long).toBe(400);
    expect(await status(a)).toEqual({ running: 0, waiting: 0, ahead: null, progress: null, media: null, imports: [] });
  }, 120_000);

  it("reads a family's packages one at a time, the rest waiting; a fourth at once is refused", async () => {
    const settled: number[] = [];
    const three = [0, 1, 2].map((i) =>
      sendPackage(a, slow, { mapping }).then((r) => {
        settled.push(i);
        return r;
      }),
    );
    await reading(a);
    // One is read; two wait although a thread is free (the family has one being read).
    expect(await status(a)).toMatchObject({ running: 1, waiting: 2, ahead: 1 });
    const fourth = await sendPackage(a, await smallPackage(), { dry_run: 'true' });
    expectRefused(fourth, 429, 'imports_in_progress');
    // Another family's package goes ahead of them, on the free thread.
    const other = await sendPackage(b, await smallPackage(), { mapping: SMALL_PACKAGE_MAPPING });
    expect(other.status).toBe(201);
    expect(settled).toEqual([]);
    expect((await status(a)).waiting).toBeGreaterThan(0);
    const results = await Promise.all(three);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(settled).toHaveLength(3);
  }, 240_000);
});

describe.runIf(once)('progress', () => {
  it('tells the family how many of the pictures are ready once the notes are read', async () => {
    const t = await createTestApp();
    try {
      const a = await t.user('pictures');
      const media: Record<string, Uint8Array> = {};
      for (let i = 0; i < 40; i++) media[`p${i}.png`] = await makePng(600 + i, 400);
      const apkg = await buildApkg({
        format: 'anki21',
        noteTypes: [basic],
        notes: Array.from({ length: 40 }, (_, i) => ({
          type: 'Basic',
          deck: 'Pictures',
          fields: [`cat ${i} <img src="p${i}.png">`, `gato ${i}`],
        })),
        media,
      });
      let done = false;
      const importing = sendPackage(a, apkg, { mapping }).finally(() => (done = true));
      const seen: { done: number; total: number }[] = [];
      while (!done) {
        const s = await status(a);
        if (s.media) seen.push(s.media);
        await new Promise((r) => setTimeout(r, 20));
      }
      const res = await importing;
      expect(res.status).toBe(201);
      expect(res.body.pictures).toBe(40);
      expect(seen.length).toBeGreaterThan(0);
      for (const m of seen) {
        expect(m.total).toBe(40);
        expect(m.done).toBeLessThanOrEqual(40);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.runIf(once)('the budgets', () => {
  it('refuses a package that takes longer than its time budget, stores nothing, and reads the next', async () => {
    const t = await createTestApp({ env: { ANKI_IMPORT_TIME_BUDGET_S: '1' } });
    try {
      const a = await t.user('slow');
      const res = await sendPackage(a, heavy, { mapping });
      expectRefused(res, 413, 'import_time_budget');
      expect((await a.get('/api/decks')).body).toEqual([]);
      // The stopped reader's temp files are removed too.
      expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
      const next = await sendPackage(a, await smallPackage(), { mapping: SMALL_PACKAGE_MAPPING });
      expect(next.status).toBe(201);
      expect(next.body.cards).toBe(1);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a package that needs more memory than its budget, and reads the next', async () => {
    const t = await createTestApp({ env: { ANKI_IMPORT_MEMORY_MB: '48' } });
    try {
      const a = await t.user('big');
      // 40 notes of 950 KB of sound names (20 MB packed, within every package limit): more than 48 MB to read.
      const sounds = soundHeavyNotes(40);
      const big = await buildApkg({ format: 'anki21', noteTypes: [sounds.type], notes: sounds.notes });
      const res = await sendPackage(a, big, { dry_run: 'true' });
      expectRefused(res, 413, 'import_memory_budget');
      expect((await a.get('/api/decks')).body).toEqual([]);
      const next = await sendPackage(a, await smallPackage(), { mapping: SMALL_PACKAGE_MAPPING });
      expect(next.status).toBe(201);
    } finally {
      await t.close();
    }
  }, 120_000);
});
