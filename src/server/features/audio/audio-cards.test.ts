import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDocumentSchema } from '../export';
import { audioCardForm, makeAudio, type AudioUpload } from '../../testing/audio';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { catalogueCards } from '../../testing/world';

/** A recording goes wherever its card goes: edits, deletions, deck copies and the data export. */

let t: TestApp;
let a: Agent;
let deckId: number;
let tone = 300;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  deckId = (await a.post('/api/decks', { title: 'Voices' })).body.id;
});
afterAll(() => t.close());

/** A new recording (each a different tone: recordings are stored by content). */
const voice = async (): Promise<AudioUpload> => ({
  bytes: await makeAudio('webm-mediarecorder', { seconds: 0.5, hz: (tone += 20), plain: true }),
});
const create = async (recordings: { en?: AudioUpload; es?: AudioUpload }, deck = deckId) => {
  const res = await a.form(
    'POST',
    '/api/cards',
    audioCardForm({ deck_id: deck, en: 'apple', es: 'manzana' }, recordings),
  );
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; en_audio_key: string | null; es_audio_key: string | null };
};
const edit = (id: number, fields: Record<string, string>, recordings: { en?: AudioUpload; es?: AudioUpload } = {}) =>
  a.form('PUT', `/api/cards/${id}`, audioCardForm({ en: 'apple', es: 'manzana', ...fields }, recordings));
const stored = async (key: string | null) => key !== null && (await a.get(`/api/audio/${key}`)).status === 200;

describe('PUT /api/cards/{id} (recordings)', () => {
  it('keeps the recordings when none is sent, replaces one side, and deletes the replaced recording', async () => {
    const card = await create({ en: await voice(), es: await voice() });
    const kept = await edit(card.id, { en: 'red apple' });
    expect(kept.body).toMatchObject({
      en: 'red apple',
      en_audio_key: card.en_audio_key,
      es_audio_key: card.es_audio_key,
    });

    const replaced = await edit(card.id, {}, { es: await voice() });
    expect(replaced.status).toBe(200);
    expect(replaced.body.en_audio_key).toBe(card.en_audio_key);
    expect(replaced.body.es_audio_key).not.toBe(card.es_audio_key);
    expect(await stored(card.es_audio_key)).toBe(false);
    expect(await stored(replaced.body.es_audio_key)).toBe(true);
  });

  it('removes one side with remove_en_audio or remove_es_audio, keeping a recording another card still uses', async () => {
    const shared = await voice();
    const card = await create({ en: shared, es: await voice() });
    const other = await create({ en: shared });
    const res = await edit(card.id, { remove_en_audio: 'true', remove_es_audio: 'true' });
    expect(res.body).toMatchObject({ en_audio_key: null, es_audio_key: null });
    expect(await stored(card.es_audio_key)).toBe(false);
    expect(await stored(other.en_audio_key)).toBe(true);
  });

  it('refuses a new recording together with its remove flag, changing nothing', async () => {
    const card = await create({ es: await voice() });
    const before = await tableCounts(t.db);
    const res = await edit(card.id, { remove_es_audio: 'true' }, { es: await voice() });
    expect([res.status, res.body.code, res.body.fields?.[0]?.field]).toEqual([400, 'invalid_input', 'remove_es_audio']);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(
      (await a.get(`/api/decks/${deckId}`)).body.cards.find((c: { id: number }) => c.id === card.id),
    ).toMatchObject({
      es_audio_key: card.es_audio_key,
    });
  });
});

describe('deleting cards, decks and students', () => {
  it('deletes a recording with the last card that uses it, in the same request', async () => {
    const shared = await voice();
    const one = await create({ en: shared });
    const two = await create({ es: shared });
    expect((await a.del(`/api/cards/${one.id}`)).status).toBe(200);
    expect(await stored(two.es_audio_key)).toBe(true);
    expect((await a.del(`/api/cards/${two.id}`)).status).toBe(200);
    expect(await stored(two.es_audio_key)).toBe(false);
  });

  it("deletes a deck's recordings with the deck, and a student's with the student", async () => {
    const student = (await a.post('/api/students', { name: 'Mia' })).body.id;
    const own = (await a.post('/api/decks', { title: 'Mia words', student_id: student })).body.id;
    const deckCard = await create({ en: await voice() }, own);
    const scratch = (await a.post('/api/decks', { title: 'Scratch' })).body.id;
    const scratchCard = await create({ es: await voice() }, scratch);
    expect((await a.del(`/api/decks/${scratch}`)).status).toBe(200);
    expect(await stored(scratchCard.es_audio_key)).toBe(false);
    expect((await a.del(`/api/students/${student}`)).status).toBe(200);
    expect(await stored(deckCard.en_audio_key)).toBe(false);
  });
});

describe('POST /api/decks/{id}/duplicate', () => {
  it('gives the copy the same recordings, which outlive the original deck', async () => {
    const source = (await a.post('/api/decks', { title: 'Original' })).body.id;
    const card = await create({ en: await voice(), es: await voice() }, source);
    const before = (await tableCounts(t.db)).audio;
    const copy = await a.post(`/api/decks/${source}/duplicate`, {});
    expect(copy.status).toBe(201);
    const copied = (await a.get(`/api/decks/${copy.body.id}`)).body.cards;
    expect(copied).toEqual([
      expect.objectContaining({ en_audio_key: card.en_audio_key, es_audio_key: card.es_audio_key }),
    ]);
    expect((await tableCounts(t.db)).audio).toBe(before);
    expect((await a.del(`/api/decks/${source}`)).status).toBe(200);
    expect(await stored(card.en_audio_key)).toBe(true);
    expect((await a.del(`/api/decks/${copy.body.id}`)).status).toBe(200);
    expect(await stored(card.en_audio_key)).toBe(false);
  });
});

describe('GET /api/users/export', () => {
  it('includes every recording, as the bytes the app serves, referenced from its cards', async () => {
    const card = await create({ en: await voice() });
    const doc = exportDocumentSchema.parse((await a.get('/api/users/export')).body);
    const exported = doc.audio.find((r) => r.key === card.en_audio_key);
    expect(exported).toMatchObject({ content_type: 'audio/mpeg', duration_ms: expect.any(Number) });
    const res = await t.app.request(`http://localhost/api/audio/${card.en_audio_key}`, {
      headers: { cookie: a.cookie },
    });
    const served = Buffer.from(await res.arrayBuffer());
    expect(Buffer.from(exported!.data_base64, 'base64').equals(served)).toBe(true);
    expect(exported!.byte_size).toBe(served.length);
    const exportedCard = doc.decks.flatMap((d) => d.cards).find((c) => c.id === card.id);
    expect(exportedCard).toMatchObject({ en_audio_key: card.en_audio_key, es_audio_key: null });
    // Every key a card names is in the export.
    const keys = new Set(doc.audio.map((r) => r.key));
    for (const c of doc.decks.flatMap((d) => d.cards)) {
      for (const k of [c.en_audio_key, c.es_audio_key]) if (k) expect(keys.has(k)).toBe(true);
    }
  });
});

describe('POST /api/decks/{id}/import-cards', () => {
  it('imports catalogue cards without recordings, whatever keys the body names', async () => {
    const theirs = await create({ en: await voice() });
    const deck = await a.post('/api/decks', {
      title: 'Section 1 Week 1',
      is_imported: true,
      original_deck_id: 'section-1-week-1',
    });
    const cards = catalogueCards('section-1-week-1').map((c) => ({ ...c, en_audio_key: theirs.en_audio_key }));
    const res = await a.post(`/api/decks/${deck.body.id}/import-cards`, { cards });
    expect(res.status).toBe(200);
    for (const c of res.body.cards) expect(c).toMatchObject({ en_audio_key: null, es_audio_key: null });
  });
});
