import { expect } from 'vitest';
import type { Adult, Agent, TestApp, TestResponse } from './harness';
import { packageForm, SMALL_PACKAGE_MAPPING, smallPackage } from './apkg-fixture';
import { failedImport } from './anki-jobs';

/** The import the last DELETE /api/imports/anki/{id} case made (its verify checks it is gone). */
let lastImport = '';
import { cardForm } from './images';
import { catalogueCards, ownedBy, snapshot, type World } from './world';
import { authorize } from './identity-provider';

/**
 * The authorization matrix: for every API route, the requests to make (per principal) against each
 * kind of object, and what each principal must get. authorization-matrix.test.ts runs it and
 * fails for any route the app serves that is missing here.
 */
export const PASSWORD = 'correct horse battery';
export const BUG_PASSWORD = 'bug-board-admin-password';
export const NOW = new Date('2030-06-01T12:00:00.000Z');
export const CHILD_PIN = '2468';

/** How a request is built: as a visitor, as someone outside the family, or as someone inside it. */
export type Principal = 'visitor' | 'other' | 'owner';
/**
 * Everyone each request is sent as: signed out, an outsider family, the holder, a second adult of
 * the holder's family, an adult the holder removed from it, a family that added the holder's shared
 * deck, and the holder's sessions locked in child mode for the world's student and for a sibling.
 */
export type Person = Principal | 'member' | 'removed' | 'sharer' | 'child' | 'sibling';
/** Whose request each person sends: a member, and the family's locked tablets, ask as the holder would. */
export const STANCE: Record<Person, Principal> = {
  visitor: 'visitor',
  other: 'other',
  removed: 'other',
  sharer: 'other',
  sibling: 'owner',
  child: 'owner',
  owner: 'owner',
  member: 'owner',
};
/** People outside the holder's family: nothing of the family may show in their answers. */
export const OUTSIDERS: readonly Person[] = ['visitor', 'other', 'removed', 'sharer'];
/** What a call may change: nothing at all, nothing of the owner's, or anything (the owner's own call). */
export type Effect = 'none' | 'self' | 'any';
export interface Expectation {
  status: number;
  effect?: Effect;
}
export interface Ctx {
  t: TestApp;
  owner: Adult;
  other: Adult;
  w: World;
  /** The other user's own objects, for bodies that mix the caller's ids with the owner's. */
  theirs: World;
  /** The owner's family: what the family's rows carry. */
  family: number;
  /** Who sends the request (the owner's locked tablet is the owner's account in another session). */
  caller: Agent;
}
export interface Req {
  path: string;
  json?: unknown;
  form?: FormData;
  /** Replaces the principal's cookie (e.g. adds the sign-in flow cookie). */
  cookie?: string;
}
export interface Case {
  object: string;
  note?: string;
  /** Needs its own owner and other user (the call ends or replaces their session or account). */
  fresh?: boolean;
  request(c: Ctx, who: Principal): Req | Promise<Req>;
  visitor?: number | Expectation;
  other: number | Expectation;
  owner: number | Expectation;
  /** A second adult of the family (default: as the owner). */
  member?: number | Expectation;
  /** An adult removed from the family, and a family that added its shared deck (default: as the other). */
  removed?: number | Expectation;
  sharer?: number | Expectation;
  /** The owner's session locked in child mode for the world's student, and for a sibling (default: 403 child_mode). */
  child?: number | Expectation;
  sibling?: number | Expectation;
  /** Field-level checks on the stored rows after a call. */
  verify?(c: Ctx, res: TestResponse, who: Principal, caller: Agent): Promise<void>;
}

const at = (path: string): Req => ({ path });
const body = (path: string, json: unknown): Req => ({ path, json });
const callerId = (c: Ctx, who: Principal) => (who === 'owner' ? c.owner.id : c.other.id);
/** The family whose rows the caller's call writes: the owner's (also for its member), else the other's own. */
const familyOf = (c: Ctx, who: Principal) => (who === 'owner' ? c.family : c.other.familyId);
/** The owner's family's child-mode PIN, set once. */
async function ensurePin(a: Agent) {
  if (!(await a.get('/api/child-mode')).body.pin_set)
    expect((await a.put('/api/child-mode/pin', { pin: CHILD_PIN })).status).toBe(200);
}
const row = (c: Ctx, table: 'students' | 'decks' | 'cards' | 'bugs', id: number) =>
  c.t.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    Record<string, unknown> | undefined
  >;
let emails = 0;
const newEmail = () => `matrix-${++emails}-${Date.now()}@example.com`;
const sessionBody = (student: number, deck: number) => ({
  student_id: student,
  deck_id: deck,
  cards_studied: 2,
  cards_mastered: 1,
  cards_not_mastered: 1,
  accuracy_percentage: 50,
  study_duration_seconds: 20,
});

export const MATRIX: Record<string, Case[]> = {
  'GET /api/health': [
    {
      object: 'none',
      request: () => at('/api/health'),
      visitor: 200,
      other: 200,
      owner: 200,
      child: 200,
      sibling: 200,
    },
  ],
  'GET /api/openapi.json': [
    { object: 'none', request: () => at('/api/openapi.json'), visitor: 200, other: 200, owner: 200 },
  ],
  'GET /api/auth/providers': [
    {
      object: 'none',
      request: () => at('/api/auth/providers'),
      visitor: 200,
      other: 200,
      owner: 200,
      child: 200,
      sibling: 200,
    },
  ],
  'POST /api/auth/local/signup': [
    {
      object: 'account',
      note: "the owner's email",
      request: (c) => body('/api/auth/local/signup', { email: c.owner.email, password: 'another password', name: 'X' }),
      visitor: 409,
      other: 409,
      owner: 409,
    },
    {
      object: 'account',
      note: 'a new email',
      fresh: true,
      request: () => body('/api/auth/local/signup', { email: newEmail(), password: PASSWORD, name: 'New' }),
      visitor: { status: 201, effect: 'self' },
      other: { status: 201, effect: 'self' },
      owner: 201,
    },
  ],
  'POST /api/auth/local/login': [
    {
      object: 'account',
      note: "the owner's email, wrong password",
      request: (c) => body('/api/auth/local/login', { email: c.owner.email, password: 'not the password' }),
      visitor: 401,
      other: 401,
      owner: 401,
    },
    {
      object: 'account',
      note: 'own email, right password',
      fresh: true,
      request: (c, who) =>
        body('/api/auth/local/login', { email: who === 'owner' ? c.owner.email : c.other.email, password: PASSWORD }),
      visitor: { status: 200, effect: 'self' },
      other: { status: 200, effect: 'self' },
      owner: 200,
    },
  ],
  'GET /api/oauth/:provider/redirect_url': [
    { object: 'none', request: () => at('/api/oauth/oidc/redirect_url'), visitor: 200, other: 200, owner: 200 },
    { object: 'none', request: () => at('/api/oauth/nope/redirect_url'), visitor: 404, other: 404, owner: 404 },
  ],
  'POST /api/sessions': [
    {
      object: 'account',
      note: 'a stolen code without the flow cookie; the owner completes a real sign-in',
      fresh: true,
      async request(c, who) {
        if (who !== 'owner') return body('/api/sessions', { code: 'stolen-code', state: 'guessed-state' });
        const flow = await authorize(c.t);
        return {
          path: '/api/sessions',
          json: { code: flow.code, state: flow.state },
          cookie: `${c.caller.cookie}; ${flow.cookie}`,
        };
      },
      visitor: 400,
      other: 400,
      owner: 200,
    },
  ],
  'GET /api/users/me': [
    { object: 'account', request: () => at('/api/users/me'), other: 200, owner: 200, child: 200, sibling: 200 },
  ],
  'GET /api/logout': [
    {
      object: 'account',
      fresh: true,
      request: () => at('/api/logout'),
      visitor: 200,
      other: { status: 200, effect: 'self' },
      owner: 200,
      async verify(c, res, who, caller) {
        if (who !== 'visitor') expect((await caller.get('/api/users/me')).status).toBe(401);
      },
    },
  ],
  'DELETE /api/users/delete-account': [
    {
      object: 'account',
      fresh: true,
      request: () => at('/api/users/delete-account'),
      other: { status: 200, effect: 'self' },
      owner: 200,
      async verify(c, _res, who) {
        if (who !== 'owner') return;
        // Nothing of the person is left behind, in any table, nor of their family when they were its last member.
        const remaining = await c.t.db.kysely
          .selectFrom('family_members')
          .select('user_id')
          .where('family_id', '=', c.owner.familyId)
          .execute();
        const gone = { id: c.owner.id, familyId: remaining.length > 0 ? -1 : c.owner.familyId };
        const left = Object.entries(ownedBy(await snapshot(c.t.db), gone)).filter(([, rows]) => rows!.length);
        expect(left).toEqual([]);
      },
    },
  ],
  'GET /api/users/export': [
    {
      object: 'account',
      request: () => at('/api/users/export'),
      other: 200,
      owner: 200,
      async verify(c, res, who) {
        if (who === 'owner') expect(res.text).toContain(c.w.mark);
      },
    },
  ],
  // The child's home shows the family's students by name.
  'GET /api/students': [
    { object: 'student', request: () => at('/api/students'), other: 200, owner: 200, child: 200, sibling: 200 },
  ],
  'POST /api/students': [
    {
      object: 'student',
      note: 'user_id and id in the body are ignored',
      request: (c, who) =>
        body('/api/students', { name: 'New kid', user_id: who === 'owner' ? c.other.id : c.owner.id, id: c.w.student }),
      other: { status: 201, effect: 'self' },
      owner: 201,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        expect(res.body.id).not.toBe(c.w.student);
        expect((await row(c, 'students', res.body.id))?.family_id).toBe(familyOf(c, who));
      },
    },
  ],
  'POST /api/students/bulk': [
    {
      object: 'student',
      note: "user_id and id in the rows are ignored: the students are always the caller's family's",
      request: (c, who) =>
        body('/api/students/bulk', {
          students: [
            { name: 'Row one', user_id: who === 'owner' ? c.other.id : c.owner.id, id: c.w.student },
            { name: 'Row two', age: 9 },
          ],
        }),
      other: { status: 201, effect: 'self' },
      owner: 201,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        expect(res.body.students).toHaveLength(2);
        for (const s of res.body.students as { id: number }[]) {
          expect(s.id).not.toBe(c.w.student);
          expect((await row(c, 'students', s.id))?.family_id).toBe(familyOf(c, who));
        }
      },
    },
  ],
  'PUT /api/students/:id': [
    {
      object: 'student',
      note: 'user_id and id in the body are ignored',
      request: (c) => body(`/api/students/${c.w.student}`, { name: 'Renamed', user_id: c.other.id, id: 99_999 }),
      other: 404,
      owner: 200,
      async verify(c, _res, who) {
        if (who === 'owner')
          expect(await row(c, 'students', c.w.student)).toMatchObject({ family_id: c.family, name: 'Renamed' });
      },
    },
  ],
  'DELETE /api/students/:id': [
    { object: 'student', request: (c) => at(`/api/students/${c.w.student}`), other: 404, owner: 200 },
  ],
  'GET /api/decks': [
    { object: 'deck', request: () => at('/api/decks'), other: 200, owner: 200 },
    {
      object: 'student',
      request: (c) => at(`/api/decks?student_id=${c.w.student}`),
      other: 404,
      owner: 200,
      child: 200,
    },
  ],
  'POST /api/decks': [
    {
      object: 'student',
      note: "another user's student_id",
      request: (c) => body('/api/decks', { title: 'Mine', student_id: c.w.student }),
      other: 404,
      owner: 201,
    },
    {
      object: 'deck',
      note: 'user_id, id, is_archived and created_at in the body are ignored',
      request: (c, who) =>
        body('/api/decks', {
          title: 'Mine',
          user_id: who === 'owner' ? c.other.id : c.owner.id,
          id: c.w.deck,
          is_archived: true,
          created_at: '2000-01-01T00:00:00.000Z',
        }),
      other: { status: 201, effect: 'self' },
      owner: 201,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        expect(res.body.id).not.toBe(c.w.deck);
        expect(await row(c, 'decks', res.body.id)).toMatchObject({
          family_id: familyOf(c, who),
          is_archived: 0,
          created_at: NOW.toISOString(),
        });
      },
    },
  ],
  'GET /api/decks/:id': [
    { object: 'deck', request: (c) => at(`/api/decks/${c.w.deck}`), other: 404, owner: 200, child: 200 },
    {
      object: 'imported deck',
      request: (c) => at(`/api/decks/${c.w.importedDeck}`),
      other: 404,
      owner: 200,
      child: 200,
    },
  ],
  'PUT /api/decks/:id': [
    {
      object: 'deck',
      note: 'is_imported, user_id, id and original_deck_id in the body are ignored',
      request: (c) =>
        body(`/api/decks/${c.w.deck}`, {
          title: 'Renamed',
          is_imported: true,
          user_id: c.other.id,
          original_deck_id: 'section-1-week-1',
          id: c.theirs.deck,
        }),
      other: 404,
      owner: 200,
      async verify(c, _res, who) {
        if (who !== 'owner') return;
        expect(await row(c, 'decks', c.w.deck)).toMatchObject({
          title: 'Renamed',
          is_imported: 0,
          family_id: c.family,
          student_id: c.w.student,
          original_deck_id: null,
        });
      },
    },
    {
      object: 'student',
      note: 'moving the deck to a student of the caller’s: the owner’s own student, or another family’s',
      request: (c, who) =>
        body(`/api/decks/${c.w.deck}`, {
          title: 'Moved',
          student_id: who === 'owner' ? c.theirs.student : c.w.student,
        }),
      other: 404,
      owner: 404,
      async verify(c) {
        expect(await row(c, 'decks', c.w.deck)).toMatchObject({ family_id: c.family, student_id: c.w.student });
      },
    },
    {
      object: 'imported deck',
      request: (c) => body(`/api/decks/${c.w.importedDeck}`, { title: 'Renamed' }),
      other: 404,
      owner: 403,
    },
  ],
  'DELETE /api/decks/:id': [
    { object: 'deck', request: (c) => at(`/api/decks/${c.w.deck}`), other: 404, owner: 200 },
    { object: 'imported deck', request: (c) => at(`/api/decks/${c.w.importedDeck}`), other: 404, owner: 200 },
  ],
  'POST /api/decks/:id/duplicate': [
    { object: 'deck', request: (c) => body(`/api/decks/${c.w.deck}/duplicate`, {}), other: 404, owner: 201 },
    {
      object: 'imported deck',
      request: (c) => body(`/api/decks/${c.w.importedDeck}/duplicate`, { title: 'Copy' }),
      other: 404,
      owner: 201,
    },
  ],
  'PATCH /api/decks/:id/archive': [
    { object: 'deck', request: (c) => at(`/api/decks/${c.w.deck}/archive`), other: 404, owner: 200 },
    {
      object: 'imported deck',
      request: (c) => at(`/api/decks/${c.w.importedDeck}/archive`),
      other: 404,
      owner: 403,
    },
  ],
  'POST /api/decks/:id/import-cards': [
    {
      object: 'imported deck',
      request: (c) =>
        body(`/api/decks/${c.w.emptyImportedDeck}/import-cards`, { cards: catalogueCards('section-1-week-2') }),
      other: 404,
      owner: 200,
    },
    {
      object: 'deck',
      request: (c) => body(`/api/decks/${c.w.deck}/import-cards`, { cards: catalogueCards('section-1-week-2') }),
      other: 404,
      owner: 403,
    },
  ],
  'POST /api/decks/:id/cards/bulk': [
    {
      object: 'deck',
      request: (c) => body(`/api/decks/${c.w.deck}/cards/bulk`, { cards: [{ en: 'one', es: 'uno' }] }),
      other: 404,
      owner: 201,
    },
    {
      object: 'imported deck',
      request: (c) => body(`/api/decks/${c.w.importedDeck}/cards/bulk`, { cards: [{ en: 'one', es: 'uno' }] }),
      other: 404,
      owner: 403,
    },
  ],
  'GET /api/decks/:id/export': [
    {
      object: 'deck',
      request: (c) => at(`/api/decks/${c.w.deck}/export?format=csv`),
      other: 404,
      owner: 200,
      async verify(c, res, who) {
        if (who === 'owner') expect(res.text).toContain(c.w.mark);
      },
    },
    {
      object: 'imported deck',
      request: (c) => at(`/api/decks/${c.w.importedDeck}/export?format=apkg`),
      other: 404,
      owner: 200,
    },
  ],
  'POST /api/imports/anki': [
    {
      object: 'student',
      note: "the owner's student_id",
      request: async (c) => ({
        path: '/api/imports/anki',
        form: packageForm(await smallPackage(), { student_id: c.w.student, mapping: SMALL_PACKAGE_MAPPING }),
      }),
      other: 404,
      owner: 201,
      async verify(c, res, who) {
        if (who !== 'owner') return;
        expect(await row(c, 'decks', res.body.decks[0].id)).toMatchObject({
          family_id: c.family,
          student_id: c.w.student,
        });
      },
    },
    {
      object: 'anki package',
      note: 'a dry run stores nothing; a shared deck is the caller’s own',
      request: async (c, who) => ({
        path: '/api/imports/anki',
        form: packageForm(
          await smallPackage(),
          who === 'owner' ? { dry_run: 'true' } : { mapping: SMALL_PACKAGE_MAPPING },
        ),
      }),
      other: { status: 201, effect: 'self' },
      owner: 200,
    },
  ],
  'GET /api/imports/anki/status': [
    {
      object: 'anki import',
      note: 'the caller’s own family’s packages only',
      request: () => at('/api/imports/anki/status'),
      other: 200,
      owner: 200,
      async verify(_c, res, who) {
        if (res.status !== 200) return;
        expect(res.body).toMatchObject({ running: 0, waiting: 0, ahead: null, progress: null, media: null });
        // Another family's imports never show; the family's own (left by earlier cases) may.
        if (who === 'other') expect(res.body.imports).toEqual([]);
      },
    },
  ],
  'DELETE /api/imports/anki/:id': [
    {
      object: 'anki import',
      note: 'an import of the family’s that failed (a deck the package lacks), left for its notice',
      request: async (c) => ({ path: `/api/imports/anki/${(lastImport = await failedImport(c.owner))}` }),
      other: 404,
      owner: 204,
      async verify(c, _res, who) {
        if (who !== 'owner') return;
        const { imports } = (await c.caller.get('/api/imports/anki/status')).body;
        expect(imports.map((j: { id: string }) => j.id)).not.toContain(lastImport);
      },
    },
  ],
  'POST /api/cards': [
    {
      object: 'deck',
      request: (c) => ({ path: '/api/cards', form: cardForm({ deck_id: c.w.deck, en: 'one', es: 'uno' }) }),
      other: 404,
      owner: 201,
    },
    {
      object: 'imported deck',
      request: (c) => ({ path: '/api/cards', form: cardForm({ deck_id: c.w.importedDeck, en: 'one', es: 'uno' }) }),
      other: 404,
      owner: 403,
    },
    {
      object: 'image',
      note: "picture keys, id and user_id in the form are ignored (another user's picture cannot be borrowed)",
      request: (c) => ({
        path: '/api/cards',
        form: cardForm({
          deck_id: c.w.deck,
          en: 'one',
          es: 'uno',
          front_image_key: c.theirs.imageKey,
          back_image_key: c.theirs.imageKey,
          id: c.theirs.card,
          user_id: c.other.id,
        }),
      }),
      other: 404,
      owner: 201,
      async verify(c, res, who) {
        if (who !== 'owner') return;
        expect(res.body.id).not.toBe(c.theirs.card);
        expect(await row(c, 'cards', res.body.id)).toMatchObject({
          deck_id: c.w.deck,
          front_image_key: null,
          back_image_key: null,
        });
      },
    },
    {
      object: 'recording',
      note: "recording keys in the form are ignored (another user's recording cannot be borrowed)",
      request: (c) => ({
        path: '/api/cards',
        form: cardForm({
          deck_id: c.w.deck,
          en: 'one',
          es: 'uno',
          en_audio_key: c.theirs.audioKey,
          es_audio_key: c.theirs.audioKey,
        }),
      }),
      other: 404,
      owner: 201,
      async verify(c, res, who) {
        if (who !== 'owner') return;
        expect(await row(c, 'cards', res.body.id)).toMatchObject({ en_audio_key: null, es_audio_key: null });
      },
    },
  ],
  'PUT /api/cards/:id': [
    {
      object: 'own card',
      note: 'deck_id in the form is ignored',
      request: (c) => ({
        path: `/api/cards/${c.w.card}`,
        form: cardForm({
          en: 'two',
          es: 'dos',
          deck_id: c.theirs.deck,
          front_image_key: c.theirs.imageKey,
          en_audio_key: c.theirs.audioKey,
        }),
      }),
      other: 404,
      owner: 200,
      async verify(c, _res, who) {
        if (who !== 'owner') return;
        expect(await row(c, 'cards', c.w.card)).toMatchObject({
          deck_id: c.w.deck,
          en: 'two',
          front_image_key: c.w.imageKey,
          en_audio_key: c.w.audioKey,
        });
      },
    },
    {
      object: 'recording',
      note: 'remove_en_audio drops the recording, and with it the stored audio',
      request: (c) => ({
        path: `/api/cards/${c.w.card}`,
        form: cardForm({ en: 'two', es: 'dos', remove_en_audio: 'true' }),
      }),
      other: 404,
      owner: 200,
      async verify(c, res, who) {
        if (who !== 'owner') return;
        expect(res.body.en_audio_key).toBeNull();
        expect((await c.owner.get(`/api/audio/${c.w.audioKey}`)).status).toBe(404);
      },
    },
    {
      object: 'imported card',
      request: (c) => ({ path: `/api/cards/${c.w.importedCard}`, form: cardForm({ en: 'two', es: 'dos' }) }),
      other: 404,
      owner: 403,
    },
  ],
  'DELETE /api/cards/:id': [
    { object: 'own card', request: (c) => at(`/api/cards/${c.w.card}`), other: 404, owner: 200 },
    { object: 'imported card', request: (c) => at(`/api/cards/${c.w.importedCard}`), other: 404, owner: 403 },
  ],
  'POST /api/decks/:id/share': [
    { object: 'deck', request: (c) => at(`/api/decks/${c.w.deck}/share`), other: 404, owner: 200 },
    { object: 'imported deck', request: (c) => at(`/api/decks/${c.w.importedDeck}/share`), other: 404, owner: 403 },
  ],
  'DELETE /api/decks/:id/share': [
    { object: 'shared deck', request: (c) => at(`/api/decks/${c.w.sharedDeck}/share`), other: 404, owner: 200 },
    { object: 'deck', note: 'not shared', request: (c) => at(`/api/decks/${c.w.deck}/share`), other: 404, owner: 404 },
  ],
  // A link opens the deck to anyone signed in; made-up and revoked codes answer alike.
  'GET /api/shared/:code': [
    { object: 'shared deck', request: (c) => at(`/api/shared/${c.w.shareCode}`), other: 200, owner: 200 },
    { object: 'share code', note: 'made up', request: () => at('/api/shared/ABCDEFGHJKMN'), other: 404, owner: 404 },
  ],
  'POST /api/shared/:code/add': [
    {
      object: 'shared deck',
      note: "the owner's student",
      request: (c) => body(`/api/shared/${c.w.shareCode}/add`, { student_id: c.w.student }),
      other: 404,
      // The family that added it already hears so first, whatever the student.
      sharer: 409,
      owner: 409,
    },
    {
      object: 'shared deck',
      note: 'adds a copy to the caller’s own decks',
      request: (c) => body(`/api/shared/${c.w.shareCode}/add`, {}),
      other: { status: 201, effect: 'self' },
      sharer: 409,
      owner: 409,
      async verify(c, res, who) {
        if (who !== 'other') return;
        expect(await row(c, 'decks', res.body.id)).toMatchObject({ family_id: familyOf(c, who), is_imported: 1 });
      },
    },
    {
      object: 'share code',
      note: 'made up',
      request: () => body('/api/shared/ABCDEFGHJKMN/add', {}),
      other: 404,
      owner: 404,
    },
  ],
  'GET /api/images/:key': [
    {
      object: 'image',
      request: (c) => at(`/api/images/${c.w.imageKey}`),
      other: 404,
      owner: 200,
      child: 200,
      sibling: 200,
    },
  ],
  'GET /api/audio/:key': [
    {
      object: 'recording',
      request: (c) => at(`/api/audio/${c.w.audioKey}`),
      other: 404,
      owner: 200,
      child: 200,
      sibling: 200,
    },
  ],
  'GET /api/catalogue': [
    { object: 'none', request: () => at('/api/catalogue'), other: 200, owner: 200, child: 200, sibling: 200 },
  ],
  'POST /api/study-sessions': [
    {
      object: 'study record',
      note: "the owner's student and deck",
      request: (c) => body('/api/study-sessions', sessionBody(c.w.student, c.w.deck)),
      other: 404,
      owner: 201,
      child: { status: 201, effect: 'any' },
    },
    {
      object: 'study record',
      note: "the caller's student with the other user's deck",
      request: (c, who) =>
        body(
          '/api/study-sessions',
          who === 'owner' ? sessionBody(c.w.student, c.theirs.deck) : sessionBody(c.theirs.student, c.w.deck),
        ),
      other: 404,
      owner: 404,
      child: 404,
    },
  ],
  'POST /api/card-performance': [
    {
      object: 'study record',
      note: "the owner's student and card",
      request: (c) =>
        body('/api/card-performance', {
          student_id: c.w.student,
          card_results: [{ card_id: c.w.card, is_correct: true }],
        }),
      other: 404,
      owner: 201,
      child: { status: 201, effect: 'any' },
    },
    {
      object: 'study record',
      note: "the caller's student with the other user's card",
      request: (c, who) =>
        body('/api/card-performance', {
          student_id: who === 'owner' ? c.w.student : c.theirs.student,
          card_results: [{ card_id: who === 'owner' ? c.theirs.card : c.w.card, is_correct: false }],
        }),
      other: 404,
      owner: 404,
      child: 404,
    },
  ],
  'GET /api/progress/:studentId': [
    { object: 'progress', request: (c) => at(`/api/progress/${c.w.student}`), other: 404, owner: 200, child: 200 },
  ],
  'GET /api/progress/students': [
    {
      object: 'progress',
      note: "a row per student of the caller's family",
      request: () => at('/api/progress/students?tz=Europe%2FMadrid'),
      other: 200,
      owner: 200,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        const ids = res.body.students.map((s: { id: number }) => s.id);
        if (who === 'owner') expect(ids).toContain(c.w.student);
        else expect(ids).not.toContain(c.w.student);
      },
    },
  ],
  'GET /api/students/:id/review': [
    {
      object: 'student',
      request: (c) => at(`/api/students/${c.w.student}/review`),
      other: 404,
      owner: 200,
      child: 200,
    },
    {
      object: 'deck',
      note: "the caller's student with the other user's deck",
      request: (c, who) =>
        at(
          who === 'owner'
            ? `/api/students/${c.w.student}/review?deck_id=${c.theirs.deck}`
            : `/api/students/${c.theirs.student}/review?deck_id=${c.w.deck}&tz=Europe%2FMadrid`,
        ),
      other: 404,
      owner: 404,
      child: 404,
    },
    {
      object: 'deck',
      request: (c) => at(`/api/students/${c.w.student}/review?deck_id=${c.w.deck}&tz=America%2FNew_York`),
      other: 404,
      owner: 200,
      child: 200,
      async verify(c, res, who) {
        if (who === 'owner') expect(res.body.cards.map((card: { id: number }) => card.id)).not.toContain(c.w.card);
      },
    },
  ],
  'GET /api/students/:id/memory-states': [
    {
      object: 'student',
      request: (c) => at(`/api/students/${c.w.student}/memory-states?tz=Europe%2FMadrid`),
      other: 404,
      owner: 200,
      child: 200,
    },
  ],
  // Issue 26: a child's own schedule; the world's student has too few answers to tune (422).
  'GET /api/students/:id/schedule': [
    { object: 'student', request: (c) => at(`/api/students/${c.w.student}/schedule`), other: 404, owner: 200 },
  ],
  'POST /api/students/:id/schedule/tune': [
    {
      object: 'student',
      request: (c) => at(`/api/students/${c.w.student}/schedule/tune`),
      other: 404,
      owner: { status: 422, effect: 'none' },
    },
  ],
  'DELETE /api/students/:id/schedule': [
    { object: 'student', request: (c) => at(`/api/students/${c.w.student}/schedule`), other: 404, owner: 200 },
  ],
  'DELETE /api/students/:id/nuke-progress': [
    { object: 'progress', request: (c) => at(`/api/students/${c.w.student}/nuke-progress`), other: 404, owner: 200 },
  ],
  'DELETE /api/students/:id/decks/:deckId/remove-progress': [
    {
      object: 'progress',
      request: (c) => at(`/api/students/${c.w.student}/decks/${c.w.deck}/remove-progress`),
      other: 404,
      owner: 200,
    },
    {
      object: 'progress',
      note: "the caller's student with the other user's deck",
      request: (c, who) =>
        at(
          who === 'owner'
            ? `/api/students/${c.w.student}/decks/${c.theirs.deck}/remove-progress`
            : `/api/students/${c.theirs.student}/decks/${c.w.deck}/remove-progress`,
        ),
      other: 404,
      owner: 404,
    },
  ],
  // Child mode: the PIN is the family's; the lock is the caller's own session's.
  'GET /api/child-mode': [
    { object: 'account', request: () => at('/api/child-mode'), other: 200, owner: 200, child: 200, sibling: 200 },
  ],
  'PUT /api/child-mode/pin': [
    {
      object: 'account',
      fresh: true,
      note: "the owner's family has a PIN: its adults give it to change it",
      request: (_c, who) =>
        body('/api/child-mode/pin', who === 'owner' ? { pin: CHILD_PIN, current_pin: CHILD_PIN } : { pin: CHILD_PIN }),
      other: { status: 200, effect: 'self' },
      owner: 200,
      async verify(c, _res, who) {
        const pins = await c.t.db.kysely.selectFrom('child_mode_pins').select('family_id').execute();
        // An outsider's PIN is their own family's.
        if (who === 'other') expect(pins.map((p) => p.family_id)).toContain(c.other.familyId);
      },
    },
  ],
  'POST /api/child-mode': [
    {
      object: 'student',
      note: 'each caller with a PIN of their own',
      fresh: true,
      async request(c, who) {
        if (who !== 'visitor') await ensurePin(c.caller);
        return body('/api/child-mode', { student_id: c.w.student });
      },
      other: 404,
      owner: 200,
      async verify(c, _res, who, caller) {
        if (who === 'visitor') return;
        expect((await caller.get('/api/users/me')).body.child_student_id).toBe(who === 'owner' ? c.w.student : null);
      },
    },
  ],
  'POST /api/child-mode/exit': [
    {
      object: 'account',
      note: "a wrong PIN; the owner's family's sessions are in child mode",
      fresh: true,
      async request(c, who) {
        if (who === 'owner' && (await c.caller.get('/api/users/me')).body.child_student_id === null) {
          await ensurePin(c.caller);
          expect((await c.caller.post('/api/child-mode', { student_id: c.w.student })).status).toBe(200);
        }
        return body('/api/child-mode/exit', { pin: '0000' });
      },
      other: 200,
      owner: 403,
      child: 403,
      sibling: 403,
      async verify(c, _res, who, caller) {
        if (who === 'owner') expect((await caller.get('/api/users/me')).body.child_student_id).not.toBeNull();
      },
    },
  ],
  // Families: a family is its holder's; an invite code is the only way in, and shows only whose family it is.
  'GET /api/family': [
    {
      object: 'family',
      request: () => at('/api/family'),
      other: 200,
      owner: 200,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        const ids = res.body.members.map((m: { user_id: number }) => m.user_id);
        expect(ids.includes(c.owner.id)).toBe(who === 'owner');
        expect(res.body.invites.some((i: { id: number }) => i.id === c.w.invite.id)).toBe(who === 'owner');
      },
    },
  ],
  'POST /api/family/invites': [
    {
      object: 'invite',
      note: 'family_id in the body is ignored',
      request: (c) => body('/api/family/invites', { family_id: c.owner.id }),
      other: { status: 201, effect: 'self' },
      owner: 201,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        const invite = await c.t.db.kysely
          .selectFrom('family_invites')
          .select('family_id')
          .where('id', '=', res.body.id)
          .executeTakeFirst();
        expect(invite?.family_id).toBe(familyOf(c, who));
      },
    },
  ],
  'DELETE /api/family/invites/:id': [
    { object: 'invite', request: (c) => at(`/api/family/invites/${c.w.invite.id}`), other: 404, owner: 200 },
  ],
  'GET /api/family/invites/:code': [
    {
      object: 'invite',
      note: "the owner's open invite: whose family and how many, nothing more",
      request: (c) => at(`/api/family/invites/${c.w.invite.code}`),
      other: 200,
      owner: 200,
      async verify(_c, res, who) {
        if (who === 'visitor') return;
        expect(Object.keys(res.body).sort()).toEqual(['already_member', 'holder_name', 'member_count', 'your_data']);
        expect(res.body.already_member).toBe(who === 'owner');
      },
    },
    {
      object: 'invite',
      note: 'a made-up code',
      request: () => at('/api/family/invites/ABCD-EFGH'),
      other: 404,
      owner: 404,
    },
  ],
  'POST /api/family/join': [
    {
      object: 'invite',
      note: 'a made-up code',
      request: () => body('/api/family/join', { code: 'ABCD-EFGH' }),
      other: 404,
      owner: 404,
    },
    {
      object: 'invite',
      note: "the owner's invite: the other joins and shares the family; the code is then used up",
      fresh: true,
      request: (c) => body('/api/family/join', { code: c.w.invite.code }),
      other: { status: 200, effect: 'any' },
      removed: 404,
      sharer: 404,
      owner: 404,
      async verify(c, _res, who, caller) {
        if (who !== 'other') return;
        const students = (await caller.get('/api/students')).body.map((s: { id: number }) => s.id);
        expect(students).toContain(c.w.student);
      },
    },
  ],
  'POST /api/family/leave': [
    {
      object: 'family',
      note: 'nobody else in it; the member leaves first',
      request: () => at('/api/family/leave'),
      other: 409,
      member: 200,
      owner: 409,
    },
  ],
  'DELETE /api/family/members/:userId': [
    {
      object: 'family',
      note: 'someone of another family',
      request: (c, who) => at(`/api/family/members/${who === 'owner' ? c.other.id : c.owner.id}`),
      other: 404,
      owner: 404,
      // Only the holder removes anyone: a member hears so whoever it names.
      member: 403,
    },
  ],
  // The bug board is shared by design (DESIGN/SPEC): everyone sees and votes; closing needs the password.
  'GET /api/bugs': [{ object: 'bug', request: () => at('/api/bugs'), other: 200, owner: 200 }],
  'POST /api/bugs': [
    {
      object: 'bug',
      note: 'user_id, id and upvotes in the body are ignored',
      request: (c, who) =>
        body('/api/bugs', {
          title: 'Broken',
          description: 'It broke',
          user_id: who === 'owner' ? c.other.id : c.owner.id,
          id: c.w.bug,
          upvotes: 1000,
        }),
      other: { status: 201, effect: 'self' },
      owner: 201,
      async verify(c, res, who) {
        if (who === 'visitor') return;
        expect(res.body).toMatchObject({ upvotes: 0 });
        expect((await row(c, 'bugs', res.body.id))?.user_id).toBe(callerId(c, who));
      },
    },
  ],
  'POST /api/bugs/:id/vote': [
    {
      object: 'bug',
      request: (c) => at(`/api/bugs/${c.w.bug}/vote`),
      other: { status: 200, effect: 'self' },
      owner: 200,
    },
  ],
  'DELETE /api/bugs/:id': [
    {
      object: 'bug',
      note: 'others give a wrong password; the owner the right one',
      request: (c, who) =>
        body(`/api/bugs/${c.w.bug}`, { password: who === 'owner' ? BUG_PASSWORD : 'not-the-password' }),
      other: 403,
      owner: 200,
    },
  ],
};
