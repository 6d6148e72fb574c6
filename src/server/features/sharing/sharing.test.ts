import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LOOKUP_MISSES_MAX } from '@shared/constants';
import { audioCardForm, makeAudio } from '../../testing/audio';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, makeJpeg } from '../../testing/images';

/** A teacher shares a deck by link; another family adds it and sees the teacher's fixes. */

let t: TestApp;
let teacher: Agent;
let family: Agent;
let stranger: Agent;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await t.user('teacher');
  family = await t.user('family');
  stranger = await t.user('stranger');
});
afterAll(() => t.close());

let colour = 0;
async function sharedDeck(cards: { en: string; es: string }[] = [{ en: 'cat', es: 'gato' }]) {
  const deck = (await teacher.post('/api/decks', { title: 'Animals', subtitle: 'Week 1' })).body;
  const ids: number[] = [];
  for (const c of cards)
    ids.push((await teacher.form('POST', '/api/cards', cardForm({ deck_id: deck.id, ...c }))).body.id);
  const share = await teacher.post(`/api/decks/${deck.id}/share`);
  expect(share.status, share.text).toBe(200);
  return { deckId: deck.id as number, cardIds: ids, code: share.body.code as string };
}
async function add(agent: Agent, code: string, studentId: number | null = null) {
  const res = await agent.post(`/api/shared/${code}/add`, { student_id: studentId });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const cardsOf = async (agent: Agent, deckId: number) => (await agent.get(`/api/decks/${deckId}`)).body.cards;
const picture = async () => ({
  bytes: await makeJpeg(64, 48, { color: `#${(++colour * 40).toString(16).padStart(6, '0')}` }),
});

describe('POST /api/decks/{id}/share', () => {
  it('gives one link per deck, as a path and a short code', async () => {
    const { deckId, code } = await sharedDeck();
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    const again = await teacher.post(`/api/decks/${deckId}/share`);
    expect(again.body).toMatchObject({ code, path: `/shared/${code}`, followers: 0 });
  });

  it('refuses imported decks (403) and anyone else’s deck (404)', async () => {
    const { deckId, code } = await sharedDeck();
    expect((await family.post(`/api/decks/${deckId}/share`)).status).toBe(404);
    const copy = await add(family, code);
    const res = await family.post(`/api/decks/${copy.id}/share`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('imported_deck');
  });
});

describe('GET /api/shared/{code}', () => {
  it('previews the deck to anyone signed in, text only, and answers 401 to a visitor', async () => {
    const { code } = await sharedDeck([
      { en: 'cat', es: 'gato' },
      { en: 'dog', es: 'perro' },
    ]);
    const res = await family.get(`/api/shared/${code.toLowerCase().replace(/(.{4})/g, '$1-')}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Animals',
      subtitle: 'Week 1',
      sharer_name: 'teacher',
      card_count: 2,
      cards: [
        { en: 'cat', es: 'gato' },
        { en: 'dog', es: 'perro' },
      ],
      is_own: false,
      added_deck_id: null,
    });
    expect((await t.visitor.get(`/api/shared/${code}`)).status).toBe(401);
  });

  it('answers made-up, malformed and revoked codes alike: 404 share_not_found', async () => {
    const { deckId, code } = await sharedDeck();
    await teacher.del(`/api/decks/${deckId}/share`);
    const answers = await Promise.all(
      [code, 'ABCDEFGHJKMN', 'x', '%27--'].map((c) => stranger.get(`/api/shared/${encodeURIComponent(c)}`)),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No deck is shared under this code', code: 'share_not_found' });
    }
    const addRevoked = await stranger.post(`/api/shared/${code}/add`, {});
    expect(addRevoked.status).toBe(404);
    expect(addRevoked.body.code).toBe('share_not_found');
  });

  it('limits guessing: after too many codes that open nothing, 429', async () => {
    const guesser = await t.user('guesser');
    const { code } = await sharedDeck();
    // Codes that open a deck do not count.
    for (let i = 0; i < 3; i++) expect((await guesser.get(`/api/shared/${code}`)).status).toBe(200);
    for (let i = 0; i < SHARE_LOOKUP_MISSES_MAX; i++) {
      expect((await guesser.get('/api/shared/ABCDEFGHJKMN')).status).toBe(404);
    }
    const res = await guesser.get(`/api/shared/${code}`);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limited');
  });
});

describe('POST /api/shared/{code}/add', () => {
  it('adds a read-only copy credited to the sharer, once', async () => {
    const { code } = await sharedDeck();
    const student = (await family.post('/api/students', { name: 'Ana' })).body;
    const copy = await add(family, code, student.id);
    expect(copy).toMatchObject({
      title: 'Animals',
      is_imported: true,
      student_id: student.id,
      card_count: 1,
      creator_name: 'teacher',
      creator_is_helper: false,
      follows_original: true,
    });
    const again = await family.post(`/api/shared/${code}/add`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_added');
    expect((await family.get(`/api/shared/${code}`)).body.added_deck_id).toBe(copy.id);
    // Read-only: its cards are the sharer's, a row of another family to it (404), and the deck is imported (403).
    const [card] = await cardsOf(family, copy.id);
    expect((await family.form('PUT', `/api/cards/${card.id}`, cardForm({ en: 'x', es: 'y' }))).status).toBe(404);
    expect((await family.del(`/api/cards/${card.id}`)).status).toBe(404);
    expect((await family.put(`/api/decks/${copy.id}`, { title: 'Mine' })).status).toBe(403);
  });

  it('refuses the sharer’s own deck and another family’s student', async () => {
    const { code } = await sharedDeck();
    expect((await teacher.post(`/api/shared/${code}/add`, {})).body.code).toBe('own_deck');
    const theirs = (await stranger.post('/api/students', { name: 'Not yours' })).body;
    expect((await family.post(`/api/shared/${code}/add`, { student_id: theirs.id })).status).toBe(404);
  });
});

describe('following the original', () => {
  it('shows the sharer’s edits, new cards, deletions and renames to everyone who added the deck', async () => {
    const { deckId, cardIds, code } = await sharedDeck([
      { en: 'cat', es: 'gatto' },
      { en: 'dog', es: 'perro' },
    ]);
    const copy = await add(family, code);
    const other = await add(stranger, code);

    const fix = await teacher.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'cat', es: 'gato' }));
    expect(fix.status, fix.text).toBe(200);
    await teacher.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: 'bird', es: 'pájaro' }));
    await teacher.post(`/api/decks/${deckId}/cards/bulk`, { cards: [{ en: 'fish', es: 'pez' }] });
    await teacher.del(`/api/cards/${cardIds[1]}`);
    await teacher.put(`/api/decks/${deckId}`, { title: 'Pets', subtitle: 'Fixed' });

    for (const [agent, id] of [
      [family, copy.id],
      [stranger, other.id],
    ] as const) {
      const deck = (await agent.get(`/api/decks/${id}`)).body;
      expect(deck).toMatchObject({ title: 'Pets', subtitle: 'Fixed', follows_original: true });
      expect(deck.cards.map((c: { en: string; es: string }) => `${c.en}=${c.es}`)).toEqual([
        'cat=gato',
        'bird=pájaro',
        'fish=pez',
      ]);
    }
    expect((await teacher.post(`/api/decks/${deckId}/share`)).body.followers).toBe(2);
  });

  it('keeps each family’s progress on its own cards through the sharer’s edits', async () => {
    const { cardIds, code } = await sharedDeck();
    const copy = await add(family, code);
    const student = (await family.post('/api/students', { name: 'Leo' })).body;
    const [card] = await cardsOf(family, copy.id);
    const saved = await family.post('/api/card-performance', {
      student_id: student.id,
      card_results: [{ card_id: card.id, is_correct: true }],
    });
    expect(saved.status, saved.text).toBe(201);
    await teacher.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'kitten', es: 'gatito' }));
    expect((await cardsOf(family, copy.id))[0]).toMatchObject({ id: card.id, en: 'kitten' });
    const results = await t.db.kysely
      .selectFrom('card_results')
      .select('card_id')
      .where('student_id', '=', student.id)
      .execute();
    expect(results).toEqual([{ card_id: card.id }]);
  });
});

describe('adding a shared deck while the sharer changes it', () => {
  it('the copy ends with exactly the original’s cards, texts and title, in whichever order they ran', async () => {
    const texts = (cards: { en: string; es: string }[]) => cards.map((c) => `${c.en}=${c.es}`).sort();
    for (let round = 0; round < 6; round++) {
      const { deckId, cardIds, code } = await sharedDeck([
        { en: 'one', es: 'uno' },
        { en: 'two', es: 'dos' },
      ]);
      const [copy, ...changes] = await Promise.all([
        add(family, code),
        ...[1, 2, 3].map((n) =>
          teacher.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: `new ${n}`, es: `nuevo ${n}` })),
        ),
        teacher.form('PUT', `/api/cards/${cardIds[0]}`, cardForm({ en: 'one!', es: 'uno!' })),
        teacher.del(`/api/cards/${cardIds[1]}`),
        teacher.put(`/api/decks/${deckId}`, { title: `Round ${round}`, subtitle: 'Week 1' }),
      ]);
      for (const change of changes) expect(change.status, change.text).toBeLessThan(300);
      const original = (await teacher.get(`/api/decks/${deckId}`)).body;
      const copied = (await family.get(`/api/decks/${copy.id}`)).body;
      expect(texts(copied.cards)).toEqual(texts(original.cards));
      expect(copied.title).toBe(`Round ${round}`);
    }
  });

  it('two families adding each other’s decks at the same moment both succeed', async () => {
    for (let round = 0; round < 4; round++) {
      const { code: teachers } = await sharedDeck();
      const own = (await stranger.post('/api/decks', { title: `Mine ${round}`, subtitle: '' })).body;
      const strangers = (await stranger.post(`/api/decks/${own.id}/share`)).body.code as string;
      const [a, b] = await Promise.all([
        stranger.post(`/api/shared/${teachers}/add`, { student_id: null }),
        teacher.post(`/api/shared/${strangers}/add`, { student_id: null }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
    }
  });
});

describe('pictures and recordings of a shared deck', () => {
  it('are served to those who added the deck and to no one else, and stay theirs after sharing stops', async () => {
    const deck = (await teacher.post('/api/decks', { title: 'Pictures' })).body;
    const pic = await picture();
    const voice = { bytes: await makeAudio('webm-mediarecorder', { seconds: 0.5, hz: 410, plain: true }) };
    const withPicture = await teacher.form(
      'POST',
      '/api/cards',
      cardForm({ deck_id: deck.id, en: 'sun', es: 'sol' }, pic),
    );
    const withVoice = await teacher.form(
      'POST',
      '/api/cards',
      audioCardForm({ deck_id: deck.id, en: 'moon', es: 'luna' }, { en: voice }),
    );
    expect(withPicture.status, withPicture.text).toBe(201);
    expect(withVoice.status, withVoice.text).toBe(201);
    const imageKey = withPicture.body.front_image_key as string;
    const audioKey = withVoice.body.en_audio_key as string;
    const { code } = (await teacher.post(`/api/decks/${deck.id}/share`)).body;

    // Previewing is not adding: the media stay the sharer's.
    expect((await family.get(`/api/shared/${code}`)).status).toBe(200);
    expect((await family.get(`/api/images/${imageKey}`)).status).toBe(404);
    const copy = await add(family, code);
    expect((await cardsOf(family, copy.id))[0].front_image_key).toBe(imageKey);
    expect((await family.get(`/api/images/${imageKey}`)).status).toBe(200);
    expect((await family.get(`/api/audio/${audioKey}`)).status).toBe(200);
    expect((await stranger.get(`/api/images/${imageKey}`)).status).toBe(404);
    expect((await stranger.get(`/api/audio/${audioKey}`)).status).toBe(404);
    // The copy's Anki export carries the picture, as the copy shows it.
    const apkg = await t.app.request(`http://localhost/api/decks/${copy.id}/export?format=apkg`, {
      headers: { cookie: family.cookie },
    });
    expect(apkg.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await apkg.arrayBuffer()));
    const media = JSON.parse(await zip.file('media')!.async('string')) as Record<string, string>;
    expect(Object.values(media)).toContain(`${imageKey}.webp`);

    expect((await teacher.del(`/api/decks/${deck.id}/share`)).status).toBe(200);
    const own = (await family.get(`/api/decks/${copy.id}`)).body;
    expect(own).toMatchObject({ is_imported: false, follows_original: false, creator_name: 'family', card_count: 2 });
    expect((await family.get(`/api/images/${imageKey}`)).status).toBe(200);
    expect((await family.get(`/api/audio/${audioKey}`)).status).toBe(200);
    // Now an own deck: the family edits it, and the teacher's changes no longer reach it.
    await teacher.form('PUT', `/api/cards/${withPicture.body.id}`, cardForm({ en: 'star', es: 'estrella' }));
    expect((await cardsOf(family, copy.id))[0].en).toBe('sun');
    const edit = await family.form('PUT', `/api/cards/${own.cards[0].id}`, cardForm({ en: 'sunny', es: 'soleado' }));
    expect(edit.status).toBe(200);
    // The link no longer opens anything.
    expect((await stranger.get(`/api/shared/${code}`)).status).toBe(404);
  });

  it('when the sharer deletes the original, the copies become own decks with their pictures', async () => {
    const deck = (await teacher.post('/api/decks', { title: 'Gone' })).body;
    const pic = await picture();
    const card = (await teacher.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'sea', es: 'mar' }, pic)))
      .body;
    const { code } = (await teacher.post(`/api/decks/${deck.id}/share`)).body;
    const copy = await add(family, code);
    expect((await teacher.del(`/api/decks/${deck.id}`)).status).toBe(200);
    expect((await teacher.get(`/api/images/${card.front_image_key}`)).status).toBe(404);
    const own = (await family.get(`/api/decks/${copy.id}`)).body;
    expect(own).toMatchObject({ is_imported: false, card_count: 1 });
    expect((await family.get(`/api/images/${card.front_image_key}`)).status).toBe(200);
    expect((await family.get(`/api/shared/${code}`)).status).toBe(404);
  });
});

describe('DELETE /api/students/{id}', () => {
  it('leaves the decks other families added from the student’s decks to them', async () => {
    const student = (await teacher.post('/api/students', { name: 'Class 2B' })).body;
    const deck = (await teacher.post('/api/decks', { title: 'Class deck', student_id: student.id })).body;
    await teacher.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'book', es: 'libro' }));
    const { code } = (await teacher.post(`/api/decks/${deck.id}/share`)).body;
    const copy = await add(family, code);
    expect((await teacher.del(`/api/students/${student.id}`)).status).toBe(200);
    expect((await family.get(`/api/decks/${copy.id}`)).body).toMatchObject({ is_imported: false, card_count: 1 });
  });
});

describe('DELETE /api/users/delete-account', () => {
  it('leaves the decks other families added from the deleted account’s links to them, pictures included', async () => {
    const leaving = await t.user('leaving');
    const deck = (await leaving.post('/api/decks', { title: 'Left behind' })).body;
    const card = (
      await leaving.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'tree', es: 'árbol' }, await picture()))
    ).body;
    const { code } = (await leaving.post(`/api/decks/${deck.id}/share`)).body;
    const copy = await add(family, code);
    expect((await leaving.del('/api/users/delete-account')).status).toBe(200);
    expect((await family.get(`/api/decks/${copy.id}`)).body).toMatchObject({
      is_imported: false,
      follows_original: false,
      card_count: 1,
    });
    expect((await family.get(`/api/images/${card.front_image_key}`)).status).toBe(200);
  });
});

describe('a parent of a family shares its deck', () => {
  it('credits the parent who shared it, then the family’s holder once that parent’s account is gone', async () => {
    const holder = await t.user('holder');
    const parent = await t.user('parent2');
    const invite = await holder.post('/api/family/invites');
    expect((await parent.post('/api/family/join', { code: invite.body.code })).status).toBeLessThan(300);
    const deck = (await holder.post('/api/decks', { title: 'Family deck' })).body;
    await holder.form('POST', '/api/cards', cardForm({ deck_id: deck.id, en: 'milk', es: 'leche' }));
    const share = await parent.post(`/api/decks/${deck.id}/share`);
    expect(share.status, share.text).toBe(200);
    expect((await family.get(`/api/shared/${share.body.code}`)).body.sharer_name).toBe('parent2');
    const copy = await add(family, share.body.code);
    expect(copy.creator_name).toBe('parent2');
    expect((await parent.del('/api/users/delete-account')).status).toBe(200);
    // The deck stays the family's, still shared and still followed.
    expect((await family.get(`/api/decks/${copy.id}`)).body).toMatchObject({
      creator_name: 'holder',
      follows_original: true,
    });
    expect((await family.get(`/api/shared/${share.body.code}`)).body.sharer_name).toBe('holder');
  });
});

describe('DELETE /api/decks/{id}/share', () => {
  it('answers 404 for a deck not shared and for anyone else’s deck', async () => {
    const { deckId } = await sharedDeck();
    expect((await family.del(`/api/decks/${deckId}/share`)).status).toBe(404);
    expect((await teacher.del(`/api/decks/${deckId}/share`)).status).toBe(200);
    const again = await teacher.del(`/api/decks/${deckId}/share`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('share_not_found');
  });
});
