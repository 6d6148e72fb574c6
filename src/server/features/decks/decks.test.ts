import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_COLORS } from '@shared/constants';
import { deckSchema, deckWithCardsSchema } from '@shared/schemas/deck';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, insertProgress, librarySnapshot, makeJpeg, makePng } from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
});
afterAll(() => t.close());

const ids = (list: { id: number }[]) => list.map((d) => d.id);

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

async function deckWithCards(agent: Agent, title: string) {
  const deck = await agent.post('/api/decks', { title });
  const pic = { bytes: await makeJpeg(320, 240) };
  const c1 = await agent.form(
    'POST',
    '/api/cards',
    cardForm({ deck_id: deck.body.id, en: 'dog', es: 'el perro' }, pic),
  );
  const c2 = await agent.form('POST', '/api/cards', cardForm({ deck_id: deck.body.id, en: 'cat', es: 'el gato' }));
  return { deck: deck.body, cards: [c1.body, c2.body] };
}

describe('POST /api/decks', () => {
  it('creates an own deck in the exact deck shape, with the default colour', async () => {
    const res = await a.post('/api/decks', { title: '  Animals  ', subtitle: ' Farm ' });
    expect(res.status).toBe(201);
    expect(deckSchema.strict().parse(res.body)).toEqual({
      id: expect.any(Number),
      title: 'Animals',
      subtitle: 'Farm',
      color: DECK_COLORS[0],
      student_id: null,
      is_imported: false,
      original_deck_id: null,
      is_archived: false,
      created_at: expect.any(String),
      card_count: 0,
      creator_name: 'alice',
      creator_avatar: null,
      creator_is_helper: false,
      follows_original: false,
    });
  });

  it('accepts a title of 30 and refuses 31 or a blank one', async () => {
    const send = (title: unknown) => a.post('/api/decks', { title });
    expect(await statuses(send, ['t'.repeat(30), 't'.repeat(31), '  ', undefined])).toEqual([201, 400, 400, 400]);
  });

  it('accepts a subtitle of 100 and refuses 101', async () => {
    const send = (subtitle: unknown) => a.post('/api/decks', { title: 'Sub', subtitle });
    expect(await statuses(send, ['s'.repeat(100), 's'.repeat(101)])).toEqual([201, 400]);
  });

  it('accepts each of the ten colours and refuses any other', async () => {
    const send = (color: unknown) => a.post('/api/decks', { title: 'Colour', color });
    expect(await statuses(send, [...DECK_COLORS])).toEqual(DECK_COLORS.map(() => 201));
    expect(await statuses(send, ['#000000', 'red', '#FF6B6B', ''])).toEqual([400, 400, 400, 400]);
  });

  it("attaches the deck to the caller's student, and answers 404 for anyone else's", async () => {
    const mine = await a.post('/api/students', { name: 'Mine' });
    const theirs = await b.post('/api/students', { name: 'Theirs' });
    const ok = await a.post('/api/decks', { title: 'For mine', student_id: mine.body.id });
    expect(ok.body.student_id).toBe(mine.body.id);
    const send = (student_id: unknown) => a.post('/api/decks', { title: 'For theirs', student_id });
    expect(await statuses(send, [theirs.body.id, 999999, 'x'])).toEqual([404, 404, 400]);
  });

  it('refuses an imported deck without a known catalogue id, and a catalogue id on an own deck', async () => {
    const send = (body: unknown) => a.post('/api/decks', body);
    expect(
      await statuses(send, [
        { title: 'Imp', is_imported: true },
        { title: 'Imp', is_imported: true, original_deck_id: 'no-such-deck' },
        { title: 'Own', is_imported: false, original_deck_id: 'section-1-week-1' },
        { title: 'Own', is_imported: 'true', original_deck_id: 'section-1-week-1' },
      ]),
    ).toEqual([400, 400, 400, 400]);
  });
});

describe('GET /api/decks', () => {
  it("lists the caller's decks newest first, each in the deck shape", async () => {
    const u = await t.user('orderer');
    const created = [];
    for (const title of ['One', 'Two', 'Three']) created.push((await u.post('/api/decks', { title })).body.id);
    await b.post('/api/decks', { title: 'Not yours' });
    const res = await u.get('/api/decks');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(created.reverse());
    for (const deck of res.body) deckSchema.strict().parse(deck);
  });

  it('breaks created_at ties by id, newest first', async () => {
    const fixed = await createTestApp({ now: () => new Date('2026-01-01T00:00:00.000Z') });
    try {
      const u = await fixed.user('tied');
      const first = await u.post('/api/decks', { title: 'First' });
      const second = await u.post('/api/decks', { title: 'Second' });
      expect(ids((await u.get('/api/decks')).body)).toEqual([second.body.id, first.body.id]);
    } finally {
      await fixed.close();
    }
  });

  it('with student_id lists that student’s decks and the shared ones, with their card counts', async () => {
    const u = await t.user('filter');
    const s1 = await u.post('/api/students', { name: 'S1' });
    const s2 = await u.post('/api/students', { name: 'S2' });
    const d1 = await u.post('/api/decks', { title: 'D1', student_id: s1.body.id });
    await u.post('/api/decks', { title: 'D2', student_id: s2.body.id });
    const shared = await u.post('/api/decks', { title: 'No student' });
    await u.form('POST', '/api/cards', cardForm({ deck_id: d1.body.id, en: 'a', es: 'a' }));
    const res = await u.get(`/api/decks?student_id=${s1.body.id}`);
    expect(res.body.map((d: { id: number; card_count: number }) => [d.id, d.card_count])).toEqual([
      [shared.body.id, 0],
      [d1.body.id, 1],
    ]);
    expect((await u.get('/api/decks')).body).toHaveLength(3);
  });

  it("answers 404 for another user's or a missing student, 400 for a malformed id", async () => {
    const s = await a.post('/api/students', { name: 'Private' });
    await a.post('/api/decks', { title: 'Private deck', student_id: s.body.id });
    expect((await b.get(`/api/decks?student_id=${s.body.id}`)).status).toBe(404);
    expect((await a.get('/api/decks?student_id=999999')).status).toBe(404);
    expect((await a.get('/api/decks?student_id=abc')).status).toBe(400);
  });
});

describe('GET /api/decks/{id}', () => {
  it('returns the deck with its cards in the order they were added', async () => {
    const { deck, cards } = await deckWithCards(a, 'Detail');
    const res = await a.get(`/api/decks/${deck.id}`);
    expect(res.status).toBe(200);
    const body = deckWithCardsSchema.parse(res.body);
    expect(body.card_count).toBe(2);
    expect(body.cards).toEqual(cards);
    expect(Object.keys(res.body.cards[0]).sort()).toEqual(
      [
        ...['id', 'deck_id', 'en', 'es', 'en_pronunciation', 'es_pronunciation', 'front_image_key', 'back_image_key'],
        ...['en_audio_key', 'es_audio_key'],
      ].sort(),
    );
  });

  it("answers 404 for another user's or a missing deck, 400 for a malformed id", async () => {
    const deck = await a.post('/api/decks', { title: 'Secret' });
    expect((await b.get(`/api/decks/${deck.body.id}`)).status).toBe(404);
    expect((await a.get('/api/decks/999999')).status).toBe(404);
    expect((await a.get('/api/decks/0')).status).toBe(400);
  });
});

describe('PUT /api/decks/{id}', () => {
  it('renames the deck; an absent subtitle is kept and an empty one cleared', async () => {
    const deck = await a.post('/api/decks', { title: 'Old', subtitle: 'Old sub' });
    const renamed = await a.put(`/api/decks/${deck.body.id}`, { title: ' New ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: deck.body.id, title: 'New', subtitle: 'Old sub' });
    const cleared = await a.put(`/api/decks/${deck.body.id}`, { title: 'New', subtitle: '' });
    expect(cleared.body.subtitle).toBeNull();
    expect((await a.get(`/api/decks/${deck.body.id}`)).body).toMatchObject({ title: 'New', subtitle: null });
  });

  it('accepts a title of 30 and a subtitle of 100, and refuses 31 and 101', async () => {
    const deck = await a.post('/api/decks', { title: 'Limits' });
    const send = (body: unknown) => a.put(`/api/decks/${deck.body.id}`, body);
    expect(
      await statuses(send, [
        { title: 't'.repeat(30), subtitle: 's'.repeat(100) },
        { title: 't'.repeat(31) },
        { title: 'ok', subtitle: 's'.repeat(101) },
        { title: ' ' },
      ]),
    ).toEqual([200, 400, 400, 400]);
  });

  it('moves the deck to another student, or to every student with null; absent keeps it', async () => {
    const u = await t.user('mover');
    const ana = await u.post('/api/students', { name: 'Ana' });
    const ben = await u.post('/api/students', { name: 'Ben' });
    const deck = await u.post('/api/decks', { title: 'Animals', student_id: ana.body.id });
    const listed = async (student: number) =>
      ((await u.get(`/api/decks?student_id=${student}`)).body as { id: number }[]).map((d) => d.id);

    const moved = await u.put(`/api/decks/${deck.body.id}`, { title: 'Animals', student_id: ben.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ title: 'Animals', student_id: ben.body.id });
    expect(await listed(ana.body.id)).toEqual([]);
    expect(await listed(ben.body.id)).toEqual([deck.body.id]);

    expect((await u.put(`/api/decks/${deck.body.id}`, { title: 'Zoo' })).body.student_id).toBe(ben.body.id);
    const shared = await u.put(`/api/decks/${deck.body.id}`, { title: 'Zoo', student_id: null });
    expect(shared.body.student_id).toBeNull();
    expect(await listed(ana.body.id)).toEqual([deck.body.id]);
  });

  it("answers 404 for another user's student or a missing one, 400 for a malformed id, and changes nothing", async () => {
    const mine = await a.post('/api/students', { name: 'Mine' });
    const theirs = await b.post('/api/students', { name: 'Theirs' });
    const deck = await a.post('/api/decks', { title: 'Stays', student_id: mine.body.id });
    const send = (student_id: unknown) => a.put(`/api/decks/${deck.body.id}`, { title: 'Moved', student_id });
    expect(await statuses(send, [theirs.body.id, 999999, 0, 'x'])).toEqual([404, 404, 400, 400]);
    expect((await a.get(`/api/decks/${deck.body.id}`)).body).toMatchObject({
      title: 'Stays',
      student_id: mine.body.id,
    });
  });

  it("answers 404 for another user's or a missing deck, and changes nothing", async () => {
    const deck = await a.post('/api/decks', { title: 'Mine' });
    const before = await librarySnapshot(t.db);
    expect((await b.put(`/api/decks/${deck.body.id}`, { title: 'Hacked' })).status).toBe(404);
    expect((await a.put('/api/decks/999999', { title: 'Nobody' })).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});

describe('DELETE /api/decks/{id}', () => {
  it('deletes the deck with its cards, their results, its sessions and the pictures nothing else uses', async () => {
    const u = await t.user('cascade');
    const s = await u.post('/api/students', { name: 'Kid' });
    const gone = await u.post('/api/decks', { title: 'Gone', student_id: s.body.id });
    const kept = await u.post('/api/decks', { title: 'Kept', student_id: s.body.id });
    const shared = { bytes: await makeJpeg(200, 200) };
    const own = { bytes: await makePng(), name: 'p.png', type: 'image/png' };
    const g1 = await u.form('POST', '/api/cards', cardForm({ deck_id: gone.body.id, en: 'a', es: 'a' }, shared));
    const g2 = await u.form('POST', '/api/cards', cardForm({ deck_id: gone.body.id, en: 'b', es: 'b' }, own));
    const k1 = await u.form('POST', '/api/cards', cardForm({ deck_id: kept.body.id, en: 'c', es: 'c' }, shared));
    await insertProgress(t.db, s.body.id, gone.body.id, [g1.body.id, g2.body.id]);
    await insertProgress(t.db, s.body.id, kept.body.id, [k1.body.id]);

    const res = await u.del(`/api/decks/${gone.body.id}`);
    expect(res.status).toBe(200);
    expect((await u.get(`/api/decks/${gone.body.id}`)).status).toBe(404);
    const k = t.db.kysely;
    const deckIds = [gone.body.id, kept.body.id];
    expect(await k.selectFrom('cards').select('id').where('deck_id', 'in', deckIds).execute()).toEqual([
      { id: k1.body.id },
    ]);
    expect(await k.selectFrom('card_results').select('card_id').where('deck_id', 'in', deckIds).execute()).toEqual([
      { card_id: k1.body.id },
    ]);
    expect(await k.selectFrom('study_sessions').select('deck_id').where('deck_id', 'in', deckIds).execute()).toEqual([
      { deck_id: kept.body.id },
    ]);
    expect(await k.selectFrom('images').select('key').where('family_id', '=', u.familyId).execute()).toEqual([
      { key: k1.body.front_image_key },
    ]);
  });

  it("answers 404 for another user's or a missing deck, and changes nothing", async () => {
    const { deck } = await deckWithCards(a, 'Keep mine');
    const before = await librarySnapshot(t.db);
    expect((await b.del(`/api/decks/${deck.id}`)).status).toBe(404);
    expect((await a.del('/api/decks/999999')).status).toBe(404);
    expect(await librarySnapshot(t.db)).toEqual(before);
  });
});
