import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_AUTHOR_NAME } from '@shared/constants';
import type { CatalogueDeck } from '@shared/schemas/catalogue';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, librarySnapshot, makeJpeg } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
let week1: CatalogueDeck;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  week1 = (await a.get('/api/catalogue')).body.decks[0];
});
afterAll(() => t.close());

const importBody = (studentId: number | null) => ({
  title: week1.title,
  subtitle: week1.subtitle,
  color: week1.color,
  student_id: studentId,
  is_imported: true,
  original_deck_id: week1.id,
});

/** Imports 'Section 1 Week 1' as the client does: create the deck, then its cards. */
async function importWeek1(agent: Agent, studentId: number | null) {
  const deck = await agent.post('/api/decks', importBody(studentId));
  expect(deck.status).toBe(201);
  const filled = await agent.post(`/api/decks/${deck.body.id}/import-cards`, { cards: week1.cards });
  expect(filled.status).toBe(200);
  return filled.body;
}

describe('POST /api/decks (import)', () => {
  it('creates an empty imported deck credited to the helper author', async () => {
    const s = await a.post('/api/students', { name: 'Importer' });
    const res = await a.post('/api/decks', importBody(s.body.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Section 1 Week 1',
      is_imported: true,
      original_deck_id: 'section-1-week-1',
      student_id: s.body.id,
      card_count: 0,
      creator_name: HELPER_AUTHOR_NAME,
      creator_avatar: null,
      creator_is_helper: true,
    });
  });

  it('answers 409 already_imported for a second import for the same student, and stores nothing', async () => {
    const s = await a.post('/api/students', { name: 'Twice' });
    await importWeek1(a, s.body.id);
    const before = await tableCounts(t.db);
    const again = await a.post('/api/decks', importBody(s.body.id));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_imported');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lets each student (and another user) import the same deck once', async () => {
    const u = await t.user('two-kids');
    const s1 = await u.post('/api/students', { name: 'One' });
    const s2 = await u.post('/api/students', { name: 'Two' });
    expect((await u.post('/api/decks', importBody(s1.body.id))).status).toBe(201);
    expect((await u.post('/api/decks', importBody(s2.body.id))).status).toBe(201);
    expect((await u.post('/api/decks', importBody(null))).status).toBe(201);
    expect((await u.post('/api/decks', importBody(null))).status).toBe(409);
    expect((await b.post('/api/decks', importBody(null))).status).toBe(201);
  });

  it('stores exactly one deck when the same import is sent twice at once', async () => {
    const u = await t.user('racer');
    const s = await u.post('/api/students', { name: 'Racer' });
    const results = await Promise.all(Array.from({ length: 5 }, () => u.post('/api/decks', importBody(s.body.id))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await u.get(`/api/decks?student_id=${s.body.id}`)).body).toHaveLength(1);
  });

  it('can import again after the imported deck was removed', async () => {
    const s = await a.post('/api/students', { name: 'Again' });
    const deck = await importWeek1(a, s.body.id);
    expect((await a.del(`/api/decks/${deck.id}`)).status).toBe(200);
    expect((await a.post('/api/decks', importBody(s.body.id))).status).toBe(201);
  });
});

describe('POST /api/decks/{id}/import-cards', () => {
  it('fills the imported deck with the catalogue cards', async () => {
    const deck = await importWeek1(a, null);
    expect(deck.card_count).toBe(18);
    expect(deck.cards.map((c: { en: string; es: string }) => [c.en, c.es])).toEqual(
      week1.cards.map((c) => [c.en, c.es]),
    );
    expect(deck.cards[0]).toMatchObject({
      es_pronunciation: week1.cards[0]!.es_pronunciation,
      en_pronunciation: week1.cards[0]!.en_pronunciation,
      front_image_key: null,
      back_image_key: null,
    });
    const list = (await a.get('/api/decks')).body;
    expect(list.find((d: { id: number }) => d.id === deck.id).card_count).toBe(18);
  });

  it('refuses a deck that already has its cards (409), an own deck (403), and stores nothing', async () => {
    const u = await t.user('importer2');
    const filled = await importWeek1(u, null);
    const own = await u.post('/api/decks', { title: 'Own' });
    const before = await librarySnapshot(t.db);
    const again = await u.post(`/api/decks/${filled.id}/import-cards`, { cards: week1.cards });
    expect([again.status, again.body.code]).toEqual([409, 'already_has_cards']);
    const intoOwn = await u.post(`/api/decks/${own.body.id}/import-cards`, { cards: week1.cards });
    expect([intoOwn.status, intoOwn.body.code]).toEqual([403, 'not_imported']);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('refuses invalid cards and an empty list with 400, storing nothing', async () => {
    const deck = await a.post('/api/decks', { ...importBody(null), original_deck_id: 'section-1-week-2' });
    const before = await tableCounts(t.db);
    for (const cards of [[], [{ en: 'ok', es: ' ' }], [{ en: 'ok' }], 'nope']) {
      expect((await a.post(`/api/decks/${deck.body.id}/import-cards`, { cards })).status).toBe(400);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("answers 404 for another user's deck and changes nothing", async () => {
    const owner = await t.user('owner');
    const deck = await owner.post('/api/decks', importBody(null));
    const before = await librarySnapshot(t.db);
    expect((await b.post(`/api/decks/${deck.body.id}/import-cards`, { cards: week1.cards })).status).toBe(404);
    expect((await owner.post('/api/decks/999999/import-cards', { cards: week1.cards })).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});

describe('imported decks are read-only', () => {
  it('refuses rename, archive and adding, editing or deleting cards with 403, changing nothing', async () => {
    const u = await t.user('reader');
    const deck = await importWeek1(u, null);
    const card = deck.cards[0];
    const before = await librarySnapshot(t.db);
    const pic = { bytes: await makeJpeg(50, 50) };
    const answers = [
      await u.put(`/api/decks/${deck.id}`, { title: 'Renamed' }),
      await u.patch(`/api/decks/${deck.id}/archive`),
      await u.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'new', es: 'nuevo' })),
      await u.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'new', es: 'nuevo' }, pic)),
      await u.form('PUT', `/api/cards/${card.id}`, cardForm({ en: 'changed', es: 'cambiado' })),
      await u.del(`/api/cards/${card.id}`),
    ];
    expect(answers.map((r) => [r.status, r.body.code])).toEqual(answers.map(() => [403, 'imported_deck']));
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('can be removed, with its cards', async () => {
    const u = await t.user('remover');
    const deck = await importWeek1(u, null);
    expect((await u.del(`/api/decks/${deck.id}`)).status).toBe(200);
    expect((await u.get('/api/decks')).body).toEqual([]);
    const cards = await t.db.kysely.selectFrom('cards').select('id').where('deck_id', '=', deck.id).execute();
    expect(cards).toEqual([]);
  });

  it('duplicates into an own, editable deck with all 18 cards', async () => {
    const u = await t.user('copier');
    const deck = await importWeek1(u, null);
    const copy = await u.post(`/api/decks/${deck.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Copy of Section 1 Week 1',
      is_imported: false,
      original_deck_id: null,
      card_count: 18,
      creator_name: 'copier',
      creator_is_helper: false,
    });
    expect((await u.put(`/api/decks/${copy.body.id}`, { title: 'Mine now' })).status).toBe(200);
    const added = await u.form('POST', '/api/cards', cardForm({ deck_id: copy.body.id, en: 'the sun', es: 'el sol' }));
    expect(added.status).toBe(201);
    const copied = (await u.get(`/api/decks/${copy.body.id}`)).body.cards[0];
    expect((await u.form('PUT', `/api/cards/${copied.id}`, cardForm({ en: 'Hi', es: 'Hola' }))).status).toBe(200);
    // The catalogue may still be imported: the copy is not an import.
    expect((await u.del(`/api/decks/${deck.id}`)).status).toBe(200);
    expect((await u.post('/api/decks', importBody(null))).status).toBe(201);
  });
});

describe('catalogue integrity: a deck credited to the helper author holds only catalogue content', () => {
  it('refuses is_imported with an id that is no catalogue deck (400), storing nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await a.post('/api/decks', { ...importBody(null), original_deck_id: 'my-own-deck' });
    expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("keeps the catalogue's title, subtitle and colour whatever the client sends", async () => {
    const s = await a.post('/api/students', { name: 'Forger' });
    const res = await a.post('/api/decks', {
      ...importBody(s.body.id),
      title: 'anything',
      subtitle: 'made up',
      color: '#2ed573',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: week1.title, subtitle: week1.subtitle, color: week1.color });
  });

  it('refuses made-up cards for a catalogue deck (400) and stores none; the real ones are accepted', async () => {
    const s = await a.post('/api/students', { name: 'Made up' });
    const deck = await a.post('/api/decks', importBody(s.body.id));
    const forged = [{ en: 'buy now', es: 'compra ya', en_pronunciation: '', es_pronunciation: '' }];
    const before = await tableCounts(t.db);
    for (const cards of [forged, week1.cards.slice(1), [...week1.cards.slice(0, -1), forged[0]]]) {
      const res = await a.post(`/api/decks/${deck.body.id}/import-cards`, { cards });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    const ok = await a.post(`/api/decks/${deck.body.id}/import-cards`, { cards: week1.cards });
    expect(ok.status).toBe(200);
    expect(ok.body.cards.map((c: { en: string }) => c.en)).toEqual(week1.cards.map((c) => c.en));
  });
});
