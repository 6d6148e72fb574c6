import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CARDS_MAX, CARD_TEXT_MAX } from '@shared/constants';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { librarySnapshot } from '../../testing/images';
import { catalogueCards } from '../../testing/world';

let t: TestApp;
let a: Agent;
let b: Agent;
let deckId: number;
let importedDeck: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('bulk-a');
  b = await t.user('bulk-b');
  deckId = (await a.post('/api/decks', { title: 'Words' })).body.id;
  importedDeck = (
    await a.post('/api/decks', { title: 'Catalogue', is_imported: true, original_deck_id: 'section-1-week-1' })
  ).body.id;
  await a.post(`/api/decks/${importedDeck}/import-cards`, { cards: catalogueCards('section-1-week-1') });
});
afterAll(() => t.close());

const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ en: `word ${from + i}`, es: `palabra ${from + i}` }));
const bulk = (agent: Agent, deck: number, cards: unknown) => agent.post(`/api/decks/${deck}/cards/bulk`, { cards });

describe('POST /api/decks/{id}/cards/bulk', () => {
  it('adds every card in order, trimmed, with empty pronunciations as null', async () => {
    const res = await bulk(a, deckId, [
      { en: ' cat ', es: ' el gato ', en_pronunciation: '', es_pronunciation: ' ehl GAH-toh ' },
      { en: 'dog', es: 'el perro' },
    ]);
    expect([res.status, res.body]).toEqual([201, { created: 2 }]);
    const cards = (await a.get(`/api/decks/${deckId}`)).body.cards;
    expect(cards.map((c: Record<string, unknown>) => [c.en, c.es, c.en_pronunciation, c.es_pronunciation])).toEqual([
      ['cat', 'el gato', null, 'ehl GAH-toh'],
      ['dog', 'el perro', null, null],
    ]);
  });

  it(`accepts ${BULK_CARDS_MAX} cards at once and refuses one more`, async () => {
    const deck = (await a.post('/api/decks', { title: 'Many' })).body.id;
    const full = await bulk(a, deck, rows(BULK_CARDS_MAX));
    expect([full.status, full.body]).toEqual([201, { created: BULK_CARDS_MAX }]);
    expect((await a.get(`/api/decks/${deck}`)).body.card_count).toBe(BULK_CARDS_MAX);
    const before = await librarySnapshot(t.db);
    const over = await bulk(a, deck, rows(BULK_CARDS_MAX + 1));
    expect([over.status, over.body.code, over.body.fields[0].field]).toEqual([400, 'invalid_input', 'cards']);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('a bad row refuses the whole request with 400 naming each bad row and field; nothing is stored', async () => {
    const cards: Record<string, unknown>[] = rows(20);
    cards[3] = { en: '   ', es: 'tres' };
    cards[12] = { en: 'twelve', es: 'x'.repeat(CARD_TEXT_MAX + 1) };
    cards[15] = { en: 'fifteen' };
    cards[17] = { en: 'seventeen', es: 'diecisiete', es_pronunciation: 7 };
    const before = await librarySnapshot(t.db);
    const res = await bulk(a, deckId, cards);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_input']);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'cards.3.en',
      'cards.12.es',
      'cards.15.es',
      'cards.17.es_pronunciation',
    ]);
    expect(res.body.error).toContain('cards.12.es');
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it('refuses an empty list, a missing list and a body that is not JSON', async () => {
    const before = await librarySnapshot(t.db);
    expect((await bulk(a, deckId, [])).status).toBe(400);
    expect((await a.post(`/api/decks/${deckId}/cards/bulk`, {})).status).toBe(400);
    const text = await a.request('POST', `/api/decks/${deckId}/cards/bulk`, {
      body: 'en,es\ncat,gato',
      headers: { 'content-type': 'text/csv' },
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });

  it("answers 403 for an imported deck and 404 for another family's or a missing deck; nothing is stored", async () => {
    const before = await librarySnapshot(t.db);
    const imported = await bulk(a, importedDeck, rows(2));
    expect([imported.status, imported.body.code]).toEqual([403, 'imported_deck']);
    expect((await bulk(b, deckId, rows(2))).status).toBe(404);
    expect((await bulk(b, importedDeck, rows(2))).status).toBe(404);
    expect((await bulk(a, 999_999, rows(2))).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});
