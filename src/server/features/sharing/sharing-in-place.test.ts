import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { cardForm } from '../../testing/images';

/**
 * A deck added from a share is read where it lives (issue 23): the recipient family has no card
 * rows of its own while it follows, sees each of the sharer's edits at once, studies the original's
 * cards, and keeps a copy with its memory and progress once the share ends.
 */

let t: TestApp;
let teacher: Agent;
let family: Agent;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await t.user('teacher');
  family = await t.user('family');
});
afterAll(() => t.close());

const PIN = '2468';

async function sharedDeck(words: [string, string][]) {
  const deck = (await teacher.post('/api/decks', { title: 'Animals', subtitle: 'Week 1' })).body;
  const ids: number[] = [];
  for (const [en, es] of words) {
    const res = await teacher.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en, es }));
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  const share = await teacher.post(`/api/decks/${deck.id}/share`);
  expect(share.status, share.text).toBe(200);
  return { deckId: deck.id as number, cardIds: ids, code: share.body.code as string };
}

async function add(agent: Agent, code: string, studentId: number | null = null) {
  const res = await agent.post(`/api/shared/${code}/add`, { student_id: studentId });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

/** How many card rows the family has in its own decks. */
async function ownCardRows(familyId: number): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('cards')
    .innerJoin('decks', 'decks.id', 'cards.deck_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('decks.family_id', '=', familyId as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const cardsOf = async (agent: Agent, deckId: number) => {
  const res = await agent.get(`/api/decks/${deckId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.cards as { id: number; deck_id: number; en: string; es: string }[];
};

describe('a deck added from a share', () => {
  it('has no cards of its own: the sharer’s edit is one write that the recipient sees at once', async () => {
    const { deckId, cardIds, code } = await sharedDeck([
      ['cat', 'gatto'],
      ['dog', 'perro'],
    ]);
    const copy = await add(family, code);
    expect(await ownCardRows((family as unknown as { familyId: number }).familyId)).toBe(0);
    const before = await t.db.kysely
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const fix = await teacher.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'cat', es: 'gato' }));
    expect(fix.status, fix.text).toBe(200);
    await teacher.put(`/api/decks/${deckId}`, { title: 'Pets' });

    const deck = (await family.get(`/api/decks/${copy.id}`)).body;
    expect(deck).toMatchObject({ title: 'Pets', card_count: 2, follows_original: true });
    // The recipient's deck shows the original's cards as its own deck's cards.
    expect(deck.cards.map((c: { id: number; deck_id: number; es: string }) => [c.id, c.deck_id, c.es])).toEqual([
      [cardIds[0], copy.id, 'gato'],
      [cardIds[1], copy.id, 'perro'],
    ]);
    const after = await t.db.kysely
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await ownCardRows((family as unknown as { familyId: number }).familyId)).toBe(0);

    // The family's data export holds the deck as it shows: the original's title and cards, now.
    const exported = (await family.get('/api/users/export')).body as {
      decks: { id: number; title: string; cards: { id: number; es: string }[] }[];
    };
    const inExport = exported.decks.find((d) => d.id === copy.id);
    expect(inExport?.title).toBe('Pets');
    expect(inExport?.cards.map((c) => [c.id, c.es])).toEqual([
      [cardIds[0], 'gato'],
      [cardIds[1], 'perro'],
    ]);
  });

  it('cannot be changed by the recipient: the original’s cards answer 404, as another family’s rows', async () => {
    const { cardIds, code } = await sharedDeck([['sun', 'sol']]);
    const copy = await add(family, code);
    expect((await family.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'x', es: 'y' }))).status).toBe(404);
    expect((await family.del(`/api/cards/${cardIds[0]}`)).status).toBe(404);
    const adding = await family.form('POST', '/api/cards', cardForm({ deck_id: copy.id, en: 'x', es: 'y' }));
    expect(adding.status).toBe(403);
    expect((await cardsOf(family, copy.id)).map((c) => c.en)).toEqual(['sun']);
  });

  it('is studied by a child-mode tablet of the recipient, and its memory goes with the offline data', async () => {
    const { cardIds, code } = await sharedDeck([
      ['red', 'rojo'],
      ['blue', 'azul'],
    ]);
    const student = (await family.post('/api/students', { name: 'Ana' })).body;
    const copy = await add(family, code, student.id);
    // The deck list (what a device keeps offline) counts the cards as new for the student.
    const list = (await family.get(`/api/decks?student_id=${student.id}`)).body as { id: number; new_count: number }[];
    expect(list.find((d) => d.id === copy.id)).toMatchObject({ card_count: 2, new_count: 2 });

    if (!(await family.get('/api/child-mode')).body.pin_set) {
      expect((await family.put('/api/child-mode/pin', { pin: PIN })).status).toBe(200);
    }
    expect((await family.post('/api/child-mode', { student_id: student.id })).status).toBe(200);
    try {
      const queue = await family.get(`/api/students/${student.id}/review?deck_id=${copy.id}`);
      expect(queue.status, queue.text).toBe(200);
      const queued = queue.body.cards as { id: number; deck_id: number }[];
      expect(queued.map((c) => [c.id, c.deck_id])).toEqual([
        [cardIds[0], copy.id],
        [cardIds[1], copy.id],
      ]);
      const offline = await cardsOf(family, copy.id);
      expect(offline.map((c) => c.en)).toEqual(['red', 'blue']);
      const saved = await family.post('/api/card-performance', {
        student_id: student.id,
        card_results: [{ card_id: cardIds[0], is_correct: true, rating: 'good' }],
      });
      expect(saved.status, saved.text).toBe(201);
      const states = await family.get(`/api/students/${student.id}/memory-states`);
      expect(states.status, states.text).toBe(200);
      expect(states.body.states.map((s: { card_id: number; deck_id: number }) => [s.card_id, s.deck_id])).toEqual([
        [cardIds[0], copy.id],
      ]);
    } finally {
      const exit = await family.post('/api/child-mode/exit', { pin: PIN });
      expect(exit.status, exit.text).toBe(200);
    }
  });
});

describe('when the share ends', () => {
  /** Progress and memory with each card named by its text, so that copies compare with originals. */
  async function figures(studentId: number, deckId: number) {
    const deckCards = new Map<number, string>();
    for (const c of await cardsOf(family, deckId)) deckCards.set(c.id, c.en);
    const progress = await family.get(`/api/progress/${studentId}`);
    expect(progress.status, progress.text).toBe(200);
    const memory = await family.get(`/api/students/${studentId}/memory-states`);
    expect(memory.status, memory.text).toBe(200);
    const named = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, (key, v) =>
          (key === 'card_id' || key === 'id') && deckCards.has(v) ? deckCards.get(v) : v,
        ),
      );
    const review = await family.get(`/api/students/${studentId}/review`);
    return {
      progress: named(progress.body),
      memory: named(memory.body),
      review: named(review.body),
      cards: [...deckCards.values()],
    };
  }

  for (const ending of ['revoked', 'deleted'] as const) {
    it(`keeps the cards, memory and progress of the recipient exactly (${ending})`, async () => {
      const { deckId, cardIds, code } = await sharedDeck([
        ['one', 'uno'],
        ['two', 'dos'],
        ['three', 'tres'],
      ]);
      const student = (await family.post('/api/students', { name: `Leo ${ending}` })).body;
      const copy = await add(family, code, student.id);
      const saved = await family.post('/api/card-performance', {
        student_id: student.id,
        card_results: [
          { card_id: cardIds[0], is_correct: true, rating: 'good' },
          { card_id: cardIds[1], is_correct: false, rating: 'again' },
        ],
      });
      expect(saved.status, saved.text).toBe(201);
      const before = await figures(student.id, copy.id);
      expect(before.cards).toEqual(['one', 'two', 'three']);

      const end =
        ending === 'revoked'
          ? await teacher.del(`/api/decks/${deckId}/share`)
          : await teacher.del(`/api/decks/${deckId}`);
      expect(end.status, end.text).toBe(200);

      const own = await cardsOf(family, copy.id);
      expect(own.map((c) => c.en)).toEqual(['one', 'two', 'three']);
      expect(own.every((c) => !cardIds.includes(c.id) && c.deck_id === copy.id)).toBe(true);
      expect(await figures(student.id, copy.id)).toEqual(before);
      expect((await family.get(`/api/decks/${copy.id}`)).body).toMatchObject({ follows_original: false });

      if (ending === 'revoked') {
        // The sharer's changes no longer reach the kept copy.
        await teacher.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'uno!', es: 'one!' }));
        expect((await teacher.del(`/api/cards/${cardIds[1]}`)).status).toBe(200);
        expect((await cardsOf(family, copy.id)).map((c) => c.en)).toEqual(['one', 'two', 'three']);
        expect(await figures(student.id, copy.id)).toEqual(before);
      }
    });
  }
});
