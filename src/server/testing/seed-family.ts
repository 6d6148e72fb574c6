import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import type { Agent, TestApp } from './harness';
import { makeAudio } from './audio';
import { cardForm, makeJpeg, makePng } from './images';

/** What seedFamily created, by id, so that tests can say exactly what belongs to whom. */
export interface Family {
  students: number[];
  decks: number[];
  cards: number[];
  /** Picture keys: [used by the first student's deck and the shared deck, used only by the first student's deck]. */
  images: string[];
  /** Recording keys, likewise: [used by the first student's deck and the shared deck, used only by the first student's deck]. */
  audio: string[];
  bugs: number[];
  /** The student whose deletion the deletion tests exercise. */
  firstStudent: number;
}

/**
 * A family using every part of the product through the API: two students, an own deck with two
 * pictured cards, a shared deck reusing one picture, an imported catalogue deck, study sessions,
 * card results, a reported bug with a vote, and a linked sign-in provider. `color` keeps the
 * pictures of different families apart (keys are content hashes).
 */
export async function seedFamily(t: TestApp, u: Agent, color: string): Promise<Family> {
  const ok = <T extends { status: number; body: unknown }>(res: T, status = 201): T => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res;
  };
  const tag = u.name;
  const s1 = ok(await u.post('/api/students', { name: `${tag} first`, age: 7, native_language: 'English' })).body.id;
  const s2 = ok(await u.post('/api/students', { name: `${tag} second` })).body.id;
  const own = ok(await u.post('/api/decks', { title: `${tag} own`, student_id: s1 })).body.id;
  const shared = ok(await u.post('/api/decks', { title: `${tag} shared` })).body.id;
  const jpeg = { bytes: await makeJpeg(120, 80, { color }) };
  const png = { bytes: await makePng(60, 40, `${color}80`), name: 'p.png', type: 'image/png' };
  // Two recordings told apart per family by the colour's digits, like the pictures.
  const hz = 200 + (Number.parseInt(color.slice(1, 4), 16) % 400);
  const sharedVoice = await makeAudio('webm-mediarecorder', { seconds: 0.5, hz, plain: true });
  const ownVoice = await makeAudio('ogg-opus', { seconds: 0.5, hz: hz + 50, plain: true });
  const withVoice = (form: FormData, side: 'en' | 'es', bytes: Uint8Array) => {
    form.append(`${side}_audio`, new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'voice.webm');
    return form;
  };
  const c1 = ok(
    await u.form(
      'POST',
      '/api/cards',
      withVoice(cardForm({ deck_id: own, en: `${tag} dog`, es: 'perro' }, jpeg), 'en', sharedVoice),
    ),
  ).body;
  const c2 = ok(
    await u.form(
      'POST',
      '/api/cards',
      withVoice(cardForm({ deck_id: own, en: `${tag} cat`, es: 'gato' }, png), 'es', ownVoice),
    ),
  ).body;
  const c3 = ok(
    await u.form(
      'POST',
      '/api/cards',
      withVoice(cardForm({ deck_id: shared, en: `${tag} sun`, es: 'sol' }, jpeg), 'en', sharedVoice),
    ),
  ).body;

  const catalogue = ok(await u.get('/api/catalogue'), 200).body.decks[0];
  const imported = ok(
    await u.post('/api/decks', {
      title: catalogue.title,
      color: catalogue.color,
      student_id: s2,
      is_imported: true,
      original_deck_id: catalogue.id,
    }),
  ).body.id;
  const filled = ok(await u.post(`/api/decks/${imported}/import-cards`, { cards: catalogue.cards }), 200).body;

  const key = () => randomBytes(8).toString('hex');
  const session = (student: number, deck: number) => ({
    student_id: student,
    deck_id: deck,
    cards_studied: 2,
    cards_mastered: 1,
    cards_not_mastered: 1,
    accuracy_percentage: 50,
    study_duration_seconds: 42,
    idempotency_key: key(),
  });
  ok(await u.post('/api/study-sessions', session(s1, own)));
  ok(await u.post('/api/study-sessions', session(s1, shared)));
  ok(await u.post('/api/study-sessions', session(s2, imported)));
  const answers = [
    { card_id: c1.id, is_correct: true },
    { card_id: c2.id, is_correct: false },
    { card_id: c3.id, is_correct: true },
  ];
  ok(await u.post('/api/card-performance', { student_id: s1, card_results: answers, idempotency_key: key() }));
  const firstImported = filled.cards[0].id;
  ok(
    await u.post('/api/card-performance', {
      student_id: s2,
      card_results: [{ card_id: firstImported, is_correct: true }],
    }),
  );

  const bug = ok(await u.post('/api/bugs', { title: `${tag} bug`, description: `${tag} found a bug` })).body.id;
  ok(await u.post(`/api/bugs/${bug}/vote`), 200);
  await linkIdentity(t.db, u.id, `${tag}-subject`);

  return {
    students: [s1, s2],
    decks: [own, shared, imported],
    cards: [c1.id, c2.id, c3.id, ...filled.cards.map((c: { id: number }) => c.id)],
    images: [c1.front_image_key, c2.front_image_key],
    audio: [c1.en_audio_key, c2.es_audio_key],
    bugs: [bug],
    firstStudent: s1,
  };
}

/** A linked OpenID Connect identity, written directly: signing in through a provider is not under test. */
async function linkIdentity(db: Db, userId: number, subject: string): Promise<void> {
  await db.kysely
    .insertInto('identities')
    .values({ user_id: userId, provider: 'oidc', subject, created_at: new Date().toISOString() })
    .execute();
}
