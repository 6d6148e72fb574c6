import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FIELD_NAMES } from '@shared/card-fields';
import { cardSchema } from '@shared/schemas/card';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, insertProgress, librarySnapshot, makeJpeg, makePng } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
let deckId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  deckId = (await a.post('/api/decks', { title: 'Cards' })).body.id;
});
afterAll(() => t.close());

const create = (agent: Agent, fields: Record<string, string | number>, picture?: { bytes: Uint8Array }) =>
  agent.form('POST', '/api/cards', cardForm(fields, picture));
const imageKeys = async (userId: number) =>
  (await t.db.kysely.selectFrom('images').select('key').where('family_id', '=', userId).orderBy('key').execute()).map(
    (r) => r.key,
  );

describe('POST /api/cards', () => {
  it('creates a card with trimmed texts; empty pronunciations become null', async () => {
    const res = await create(a, {
      deck_id: deckId,
      en: ' dog ',
      es: ' el perro ',
      en_pronunciation: '',
      es_pronunciation: ' ehl PEH-rroh ',
    });
    expect(res.status).toBe(201);
    // Every declared field is there: the ones not sent are null.
    expect(cardSchema.strict().parse(res.body)).toEqual({
      ...Object.fromEntries(CARD_FIELD_NAMES.map((f) => [f, null])),
      id: expect.any(Number),
      deck_id: deckId,
      en: 'dog',
      es: 'el perro',
      es_pronunciation: 'ehl PEH-rroh',
    });
    expect((await a.get(`/api/decks/${deckId}`)).body.cards).toContainEqual(res.body);
  });

  it('refuses blank or too long texts and bad deck ids with 400, storing nothing', async () => {
    const cases: Record<string, string | number>[] = [
      { deck_id: deckId, en: '   ', es: 'x' },
      { deck_id: deckId, en: 'x', es: '' },
      { deck_id: deckId, en: 'x' },
      { deck_id: deckId, en: 'e'.repeat(501), es: 'x' },
      { deck_id: deckId, en: 'x', es: 'x', es_pronunciation: 'p'.repeat(501) },
      { en: 'x', es: 'x' },
      { deck_id: 'abc', en: 'x', es: 'x' },
      { deck_id: 0, en: 'x', es: 'x' },
    ];
    const before = await tableCounts(t.db);
    for (const fields of cases) {
      const res = await create(a, fields, { bytes: await makeJpeg(20, 20) });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await create(a, { deck_id: deckId, en: 'e'.repeat(500), es: 's'.repeat(500) })).status).toBe(201);
  });

  it("answers 404 for another user's or a missing deck, storing nothing", async () => {
    const before = await librarySnapshot(t.db);
    const pic = { bytes: await makeJpeg(30, 30) };
    expect((await create(b, { deck_id: deckId, en: 'x', es: 'x' }, pic)).status).toBe(404);
    expect((await create(a, { deck_id: 999999, en: 'x', es: 'x' }, pic)).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('answers malformed multipart and non-multipart bodies with 400, never 500', async () => {
    const before = await tableCounts(t.db);
    const garbage = await a.request('POST', '/api/cards', {
      body: 'this is not --multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    const noBoundary = await a.request('POST', '/api/cards', {
      body: 'a=b',
      headers: { 'content-type': 'multipart/form-data' },
    });
    const json = await a.post('/api/cards', { deck_id: deckId, en: 'x', es: 'x' });
    expect([garbage.status, noBoundary.status, json.status]).toEqual([400, 400, 400]);
    expect(garbage.body.code).toBe('invalid_input');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('treats an empty file field as no picture and refuses text in a file field', async () => {
    const form = cardForm({ deck_id: deckId, en: 'no file', es: 'sin archivo' });
    form.append('front_image', new Blob([]), '');
    form.append('back_image', new Blob([]), '');
    const res = await a.form('POST', '/api/cards', form);
    expect(res.status).toBe(201);
    expect(res.body.front_image_key).toBeNull();
    const text = cardForm({ deck_id: deckId, en: 'x', es: 'x', front_image: 'not a file' });
    const before = await tableCounts(t.db);
    const refused = await a.form('POST', '/api/cards', text);
    expect([refused.status, refused.body.fields?.[0]?.field]).toEqual([400, 'front_image']);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('PUT /api/cards/{id}', () => {
  it('edits the texts and keeps the picture when none is sent', async () => {
    const card = await create(a, { deck_id: deckId, en: 'cat', es: 'el gato' }, { bytes: await makeJpeg(60, 60) });
    const res = await a.form(
      'PUT',
      `/api/cards/${card.body.id}`,
      cardForm({ en: 'the cat', es: 'el gato', en_pronunciation: 'da kat' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...card.body, en: 'the cat', en_pronunciation: 'da kat' });
  });

  it('replaces the picture and deletes the old one when no other card uses it', async () => {
    const u = await t.user('replacer');
    const deck = (await u.post('/api/decks', { title: 'Pics' })).body.id;
    const card = await create(u, { deck_id: deck, en: 'a', es: 'a' }, { bytes: await makeJpeg(80, 80) });
    const oldKey = card.body.front_image_key;
    const res = await u.form(
      'PUT',
      `/api/cards/${card.body.id}`,
      cardForm({ en: 'a', es: 'a' }, { bytes: await makePng() }),
    );
    expect(res.status).toBe(200);
    expect(res.body.front_image_key).toMatch(/^[a-f0-9]{64}$/);
    expect(res.body.front_image_key).not.toBe(oldKey);
    expect(res.body.back_image_key).toBe(res.body.front_image_key);
    expect(await imageKeys(u.familyId)).toEqual([res.body.front_image_key]);
    expect((await u.get(`/api/images/${oldKey}`)).status).toBe(404);
  });

  it('keeps the old picture when another card still uses it', async () => {
    const u = await t.user('sharer');
    const deck = (await u.post('/api/decks', { title: 'Shared' })).body.id;
    const pic = { bytes: await makeJpeg(90, 90) };
    const one = await create(u, { deck_id: deck, en: 'a', es: 'a' }, pic);
    await create(u, { deck_id: deck, en: 'b', es: 'b' }, pic);
    const res = await u.form('PUT', `/api/cards/${one.body.id}`, cardForm({ en: 'a', es: 'a', remove_image: 'true' }));
    expect(res.status).toBe(200);
    expect(await imageKeys(u.familyId)).toEqual([one.body.front_image_key]);
  });

  it('removes the picture with remove_image=true', async () => {
    const u = await t.user('remover');
    const deck = (await u.post('/api/decks', { title: 'Remove' })).body.id;
    const card = await create(u, { deck_id: deck, en: 'a', es: 'a' }, { bytes: await makeJpeg(70, 70) });
    const res = await u.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: 'a', es: 'a', remove_image: 'true' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ front_image_key: null, back_image_key: null });
    expect(await imageKeys(u.familyId)).toEqual([]);
  });

  it('refuses remove_image together with a new picture, bad fields and bad remove_image values', async () => {
    const card = await create(a, { deck_id: deckId, en: 'keep', es: 'guardar' }, { bytes: await makeJpeg(40, 40) });
    const before = await librarySnapshot(t.db);
    const pic = { bytes: await makePng() };
    const answers = [
      await a.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: 'x', es: 'x', remove_image: 'true' }, pic)),
      await a.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: ' ', es: 'x' }, pic)),
      await a.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: 'x', es: 'x', remove_image: 'yes' })),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it("answers 404 for another user's or a missing card, and changes nothing", async () => {
    const card = await create(a, { deck_id: deckId, en: 'mine', es: 'mío' }, { bytes: await makeJpeg(50, 40) });
    const before = await librarySnapshot(t.db);
    const pic = { bytes: await makePng() };
    expect((await b.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: 'x', es: 'x' }, pic))).status).toBe(404);
    expect(
      (await b.form('PUT', `/api/cards/${card.body.id}`, cardForm({ en: 'x', es: 'x', remove_image: 'true' }))).status,
    ).toBe(404);
    expect((await a.form('PUT', '/api/cards/999999', cardForm({ en: 'x', es: 'x' }))).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});

describe('DELETE /api/cards/{id}', () => {
  it('deletes the card, its results and its picture when no other card uses it', async () => {
    const u = await t.user('card-deleter');
    const s = await u.post('/api/students', { name: 'Kid' });
    const deck = (await u.post('/api/decks', { title: 'Del', student_id: s.body.id })).body.id;
    const shared = { bytes: await makeJpeg(64, 64) };
    const gone = await create(u, { deck_id: deck, en: 'a', es: 'a' }, { bytes: await makePng() });
    const alsoGone = await create(u, { deck_id: deck, en: 'b', es: 'b' }, shared);
    const kept = await create(u, { deck_id: deck, en: 'c', es: 'c' }, shared);
    await insertProgress(t.db, s.body.id, deck, [gone.body.id, alsoGone.body.id, kept.body.id]);
    expect((await u.del(`/api/cards/${gone.body.id}`)).status).toBe(200);
    expect((await u.del(`/api/cards/${alsoGone.body.id}`)).status).toBe(200);
    expect((await u.get(`/api/decks/${deck}`)).body.cards.map((c: { id: number }) => c.id)).toEqual([kept.body.id]);
    const results = await t.db.kysely
      .selectFrom('card_results')
      .select('card_id')
      .where('deck_id', '=', deck)
      .execute();
    expect(results).toEqual([{ card_id: kept.body.id }]);
    expect(await imageKeys(u.familyId)).toEqual([kept.body.front_image_key]);
  });

  it("answers 404 for another user's or a missing card, and changes nothing", async () => {
    const card = await create(a, { deck_id: deckId, en: 'stay', es: 'quedar' });
    const before = await librarySnapshot(t.db);
    expect((await b.del(`/api/cards/${card.body.id}`)).status).toBe(404);
    expect((await a.del('/api/cards/999999')).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});
