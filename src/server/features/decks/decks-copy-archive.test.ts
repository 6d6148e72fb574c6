import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, librarySnapshot, makeJpeg } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
});
afterAll(() => t.close());

/** Sends each body and returns the statuses; a refused body must leave every table as it was. */
async function statuses(send: (body: unknown) => Promise<{ status: number }>, bodies: unknown[]) {
  const out: number[] = [];
  for (const body of bodies) {
    const before = await tableCounts(t.db);
    const res = await send(body);
    if (res.status >= 400) expect(await tableCounts(t.db)).toEqual(before);
    out.push(res.status);
  }
  return out;
}

describe('PATCH /api/decks/{id}/archive', () => {
  it('toggles is_archived both ways', async () => {
    const deck = await a.post('/api/decks', { title: 'Archive me' });
    const on = await a.patch(`/api/decks/${deck.body.id}/archive`);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: deck.body.id, is_archived: true });
    expect((await a.get(`/api/decks/${deck.body.id}`)).body.is_archived).toBe(true);
    expect((await a.patch(`/api/decks/${deck.body.id}/archive`)).body.is_archived).toBe(false);
  });

  it("answers 404 for another user's or a missing deck, and changes nothing", async () => {
    const deck = await a.post('/api/decks', { title: 'Not archived' });
    const before = await librarySnapshot(t.db);
    expect((await b.patch(`/api/decks/${deck.body.id}/archive`)).status).toBe(404);
    expect((await a.patch('/api/decks/999999/archive')).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});

describe('POST /api/decks/{id}/duplicate', () => {
  it("without a body makes an own copy named 'Copy of {title}' with all cards and shared pictures", async () => {
    const s = await a.post('/api/students', { name: 'Dup' });
    const deck = await a.post('/api/decks', {
      title: 'Original',
      subtitle: 'Sub',
      color: '#5f27cd',
      student_id: s.body.id,
    });
    await a.patch(`/api/decks/${deck.body.id}/archive`);
    const pic = { bytes: await makeJpeg(100, 100) };
    await a.form(
      'POST',
      '/api/cards',
      cardForm({ deck_id: deck.body.id, en: 'a', es: 'b', es_pronunciation: 'beh' }, pic),
    );
    const imagesBefore = (await tableCounts(t.db)).images;
    const res = await a.post(`/api/decks/${deck.body.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Copy of Original',
      subtitle: 'Sub',
      color: '#5f27cd',
      student_id: s.body.id,
      is_imported: false,
      original_deck_id: null,
      is_archived: false,
      card_count: 1,
    });
    expect(res.body.id).not.toBe(deck.body.id);
    const strip = ({ id: _id, deck_id: _deck, ...rest }: { id: number; deck_id: number }) => rest;
    const copy = (await a.get(`/api/decks/${res.body.id}`)).body.cards.map(strip);
    const original = (await a.get(`/api/decks/${deck.body.id}`)).body.cards.map(strip);
    expect(copy).toEqual(original);
    expect((await tableCounts(t.db)).images).toBe(imagesBefore);
  });

  it('takes a title (trimmed) up to 100 characters and refuses 101, blank or malformed JSON', async () => {
    const deck = await a.post('/api/decks', { title: 'Named copy' });
    const named = await a.post(`/api/decks/${deck.body.id}/duplicate`, { title: ' My copy ' });
    expect(named.body.title).toBe('My copy');
    const send = (title: unknown) => a.post(`/api/decks/${deck.body.id}/duplicate`, { title });
    expect(await statuses(send, ['c'.repeat(100), 'c'.repeat(101), '   ', 5])).toEqual([201, 400, 400, 400]);
    const before = await tableCounts(t.db);
    const bad = await a.request('POST', `/api/decks/${deck.body.id}/duplicate`, {
      body: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('accepts an empty body sent as JSON', async () => {
    const deck = await a.post('/api/decks', { title: 'Empty body' });
    const res = await a.request('POST', `/api/decks/${deck.body.id}/duplicate`, {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Copy of Empty body');
  });

  it("answers 404 for another user's or a missing deck, and changes nothing", async () => {
    const deck = await a.post('/api/decks', { title: 'Not yours to copy' });
    const before = await librarySnapshot(t.db);
    expect((await b.post(`/api/decks/${deck.body.id}/duplicate`)).status).toBe(404);
    expect((await a.post('/api/decks/999999/duplicate')).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});
