import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEnded } from '../../testing/anki-jobs';
import { buildApkg, heavyNotes, noteTypeId, packageForm, sendPackage, smallPackage } from '../../testing/apkg-fixture';
import { makeAudio } from '../../testing/audio';
import { createTestApp, testDialect, type Agent, type TestApp } from '../../testing/harness';
import { makePng } from '../../testing/images';

/**
 * An import can be left running (issue 24): `background=true` answers 202 at once, the import goes
 * on without the request, and the family's status lists it, then how it ended, until dismissed. It
 * can be stopped until its cards are being saved, and a package still waiting is then never read. A
 * dry run whose request goes away is stopped; a waited-for import whose request goes away carries
 * on, and its end is listed as if it had been left running.
 */

const basic = { name: 'Basic', fields: ['Front', 'Back'] };
const mapping = JSON.stringify({ [noteTypeId(0)]: { en: 0, es: 1 } });
// The list of imports left running lives in the server's memory, whichever database the cards go to
// (anki-import.test.ts saves imports on both): these run once, on SQLite.
const once = testDialect === 'sqlite';
let heavy: Buffer;
let media: Buffer;
beforeAll(async () => {
  if (!once) return;
  // 400 notes of 25 KB of nested HTML: a second or more of reading, long enough to act while it is read.
  heavy = await buildApkg({ format: 'anki21', noteTypes: [basic], notes: heavyNotes(400, 25) });
  // Two decks, six pictures and three sounds.
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < 6; i++) files[`p${i}.png`] = await makePng(300 + i, 200);
  for (let i = 0; i < 3; i++) files[`s${i}.mp3`] = await makeAudio('mp3', { seconds: 1, hz: 300 + 100 * i });
  media = await buildApkg({
    format: 'anki21b',
    noteTypes: [basic],
    notes: Array.from({ length: 6 }, (_, i) => ({
      type: 'Basic',
      deck: i < 3 ? 'Animals' : 'Food',
      fields: [`word ${i} <img src="p${i}.png">${i < 3 ? ` [sound:s${i}.mp3]` : ''}`, `palabra ${i}`],
    })),
    media: files,
  });
}, 120_000);

const status = async (agent: Agent) => (await agent.get('/api/imports/anki/status')).body;
async function until(check: () => Promise<boolean>, tries = 600) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never happened');
}
const background = (agent: Agent, apkg: Buffer, fields: Record<string, string> = {}) =>
  sendPackage(agent, apkg, { mapping, background: 'true', ...fields });

describe.runIf(once)('an import left running', () => {
  let t: TestApp;
  let a: Agent;
  let b: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.user('leaver');
    b = await t.user('neighbour');
  }, 60_000);
  afterAll(() => t.close());

  it('answers 202 at once, is listed while it runs, then with what it made, until dismissed', async () => {
    const res = await background(a, media);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      file_name: 'deck.apkg',
      state: expect.stringMatching(/^(waiting|reading)$/),
      finished_at: null,
      result: null,
      error: null,
    });
    const listed = (await status(a)).imports;
    expect(listed.map((j: { id: string }) => j.id)).toEqual([res.body.id]);
    // Another family sees none of it, and cannot stop it.
    expect((await status(b)).imports).toEqual([]);
    expect((await b.del(`/api/imports/anki/${res.body.id}`)).status).toBe(404);

    const done = await importEnded(a, res.body.id);
    expect(done.state).toBe('done');
    expect(done.error).toBeNull();
    expect(done.finished_at).toEqual(expect.any(String));
    expect(done.result).toMatchObject({ cards: 6, pictures: 6, sounds: 3 });
    expect(done.result.decks.map((d: { title: string; card_count: number }) => [d.title, d.card_count])).toEqual([
      ['Animals', 3],
      ['Food', 3],
    ]);
    // The decks are there, with their pictures and sounds (made side by side).
    const deck = (await a.get(`/api/decks/${done.result.decks[0].id}`)).body;
    expect(deck.cards.every((c: { front_image_key: string | null }) => c.front_image_key)).toBe(true);
    expect(deck.cards.every((c: { en_audio_key: string | null }) => c.en_audio_key)).toBe(true);

    // Still listed after any number of reads (a reload), until dismissed.
    expect((await status(a)).imports).toHaveLength(1);
    expect((await a.del(`/api/imports/anki/${res.body.id}`)).status).toBe(204);
    expect((await status(a)).imports).toEqual([]);
    const again = await a.del(`/api/imports/anki/${res.body.id}`);
    expect([again.status, again.body.code]).toEqual([404, 'not_found']);
  }, 120_000);

  it('ends failed with the reason, and stores nothing', async () => {
    const res = await background(a, Buffer.from('this is not a zip file at all, only text'));
    expect(res.status).toBe(202);
    const failed = await importEnded(a, res.body.id);
    expect(failed).toMatchObject({ state: 'failed', result: null, error: { status: 415, code: 'not_a_package' } });
    expect(failed.error.error).toEqual(expect.any(String));
    expect((await a.get('/api/decks')).body).toHaveLength(2);
    expect((await a.del(`/api/imports/anki/${res.body.id}`)).status).toBe(204);
  }, 60_000);

  it('checks the form first: a bad mapping or a student of another family answers at once, and lists nothing', async () => {
    const bad = await background(a, media, { mapping: '{"1":{"en":0}}' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_input']);
    const theirs = (await b.post('/api/students', { name: 'Theirs' })).body.id;
    const other = await background(a, media, { student_id: String(theirs) });
    expect([other.status, other.body.code]).toEqual([404, 'not_found']);
    expect((await status(a)).imports).toEqual([]);
  });

  it('is stopped while it is read: nothing is stored, and the next import is read', async () => {
    const before = (await a.get('/api/decks')).body.length;
    const res = await background(a, heavy);
    await until(async () => (await status(a)).imports[0]?.state === 'reading');
    expect((await a.del(`/api/imports/anki/${res.body.id}`)).status).toBe(204);
    expect(await status(a)).toMatchObject({ running: 0, waiting: 0, imports: [] });
    const next = await sendPackage(a, await smallPackage(), { mapping });
    expect(next.status).toBe(201);
    expect((await a.get('/api/decks')).body).toHaveLength(before + 1);
  }, 120_000);

  it('still waiting when stopped, its package is never read', async () => {
    const before = (await a.get('/api/decks')).body.length;
    // The family's first package is being read; the second waits its turn.
    const first = sendPackage(a, heavy, { mapping });
    await until(async () => (await status(a)).running === 1);
    const second = await background(a, media);
    expect(second.body.state).toBe('waiting');
    expect((await status(a)).imports[0]).toMatchObject({ id: second.body.id, state: 'waiting', ahead: 1 });
    expect((await a.del(`/api/imports/anki/${second.body.id}`)).status).toBe(204);
    expect(await status(a)).toMatchObject({ running: 1, waiting: 0, imports: [] });
    expect((await first).status).toBe(201);
    // The first made no deck (every note too long); the second was never read.
    expect((await a.get('/api/decks')).body).toHaveLength(before);
    expect((await status(a)).running).toBe(0);
  }, 120_000);
});

describe.runIf(once)('a request that goes away', () => {
  let t: TestApp;
  let a: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.user('goer');
  }, 60_000);
  afterAll(() => t.close());

  it('stops a dry run still waiting: its package is not read', async () => {
    const first = sendPackage(a, heavy, { mapping });
    await until(async () => (await status(a)).running === 1);
    const gone = new AbortController();
    const preview = a
      .request('POST', '/api/imports/anki', {
        body: packageForm(await smallPackage(), { dry_run: 'true' }),
        signal: gone.signal,
      })
      .catch(() => null);
    await until(async () => (await status(a)).waiting === 1);
    gone.abort();
    await until(async () => (await status(a)).waiting === 0);
    expect((await status(a)).running).toBe(1);
    await preview;
    expect((await first).status).toBe(201);
    expect((await status(a)).imports).toEqual([]);
  }, 120_000);

  it('lets a waited-for import carry on, and lists how it ended', async () => {
    const first = sendPackage(a, heavy, { mapping });
    await until(async () => (await status(a)).running === 1);
    const gone = new AbortController();
    const waited = a
      .request('POST', '/api/imports/anki', { body: packageForm(media, { mapping }), signal: gone.signal })
      .catch(() => null);
    await until(async () => (await status(a)).waiting === 1);
    gone.abort();
    expect((await first).status).toBe(201);
    await waited;
    await until(async () => (await status(a)).imports.some((j: { state: string }) => j.state === 'done'));
    const [job] = (await status(a)).imports;
    expect(job.result).toMatchObject({ cards: 6, pictures: 6, sounds: 3 });
    expect((await a.get('/api/decks')).body).toHaveLength(2);
  }, 120_000);

  it('a waited-for import answered as usual is not listed', async () => {
    const res = await sendPackage(a, await smallPackage(), { mapping });
    expect(res.status).toBe(201);
    expect((await status(a)).imports.filter((j: { state: string }) => j.state !== 'done')).toEqual([]);
    expect((await status(a)).imports).toHaveLength(1);
  }, 60_000);
});
