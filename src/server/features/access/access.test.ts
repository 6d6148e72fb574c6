import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, SessionUser, UserId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { createTestApp, type Adult, type Agent, type TestApp } from '../../testing/harness';
import { cardForm, makePng } from '../../testing/images';
import { seedCards, seedDeck, seedStudent } from '../../testing/seed-study';
import { may, type Permission } from '.';

let t: TestApp;
let holder: Adult;
let member: Agent;
let outsider: Adult;
let follower: Adult;
/** The holder's family, as access sees it. */
let home: Actor;
let asMember: Actor;
let away: Actor;
let following: Actor;
const own = { students: [] as number[], decks: [] as number[], cards: [] as number[], picture: '' };
const theirs = { student: 0, deck: 0, card: 0, picture: '' };
let sharedDeck: number;
let sharedCard: number;
let followingDeck: number;
let sharedPicture: string;
const MISSING = 2_000_000_000;

const actorOf = async (who: { id: number }, childStudentId: number | null = null): Promise<Actor> => {
  const row = await t.db.kysely
    .selectFrom('family_members')
    .select(['family_id', 'role'])
    .where('user_id', '=', who.id)
    .executeTakeFirstOrThrow();
  return {
    id: who.id as UserId,
    sessionId: 0,
    familyId: row.family_id as SessionUser['familyId'],
    role: row.role as Actor['role'],
    childStudentId: childStudentId as Actor['childStudentId'],
  };
};

/** The database as access sees it, counting the statements that reach it. */
function counting(): { db: DbHandle; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  return { db: t.db.kysely.withPlugin(plugin), statements: () => n };
}

async function pictureOn(a: Agent, deckId: number, color: string): Promise<string> {
  const res = await a.form(
    'POST',
    '/api/cards',
    cardForm(
      { deck_id: deckId, en: 'dog', es: 'perro' },
      { bytes: await makePng(30, 20, color), name: 'p.png', type: 'image/png' },
    ),
  );
  expect(res.status).toBe(201);
  return res.body.front_image_key as string;
}

beforeAll(async () => {
  t = await createTestApp();
  holder = await t.user('holder');
  outsider = await t.user('outsider');
  follower = await t.user('follower');
  member = await t.user('member');
  const code = (await holder.post('/api/family/invites')).body.code as string;
  expect((await member.post('/api/family/join', { code })).status).toBe(200);
  own.students = [await seedStudent(t.db, holder.id, 'Ana'), await seedStudent(t.db, holder.id, 'Leo')];
  own.decks = [await seedDeck(t.db, holder.id), await seedDeck(t.db, holder.id, { studentId: own.students[0] })];
  own.cards = [...(await seedCards(t.db, own.decks[0]!, 3)), ...(await seedCards(t.db, own.decks[1]!, 2))];
  own.picture = await pictureOn(holder, own.decks[0]!, '#11223380');
  theirs.student = await seedStudent(t.db, outsider.id, 'Zoe');
  theirs.deck = await seedDeck(t.db, outsider.id);
  theirs.card = (await seedCards(t.db, theirs.deck, 1))[0]!;
  theirs.picture = await pictureOn(outsider, theirs.deck, '#44556680');
  // The outsider shares a deck that the follower adds: the follower reads it, its cards and its picture where they live.
  sharedDeck = await seedDeck(t.db, outsider.id, { title: 'Shared' });
  sharedCard = (await seedCards(t.db, sharedDeck, 1))[0]!;
  sharedPicture = await pictureOn(outsider, sharedDeck, '#77889980');
  const link = await outsider.post(`/api/decks/${sharedDeck}/share`);
  expect(link.status).toBe(200);
  const added = await follower.post(`/api/shared/${link.body.code}/add`, { student_id: null });
  expect(added.status).toBe(201);
  followingDeck = added.body.id;
  home = await actorOf(holder);
  asMember = await actorOf(member);
  away = await actorOf(outsider);
  following = await actorOf(follower);
});
afterAll(() => t.close());

describe('may', () => {
  it('gives the family its own students for reading, editing, studying, scheduling and their deck lists, and no one else’s', async () => {
    for (const p of ['student.read', 'student.edit', 'student.study', 'schedule.manage', 'deck.list'] as Permission[]) {
      expect(await may(t.db.kysely, home, p, own.students), p).toBe(true);
      expect(await may(t.db.kysely, asMember, p, own.students), p).toBe(true);
      expect(await may(t.db.kysely, home, p, [...own.students, theirs.student]), p).toBe(false);
      expect(await may(t.db.kysely, home, p, [MISSING]), p).toBe(false);
      expect(await may(t.db.kysely, away, p, own.students.slice(0, 1)), p).toBe(false);
      expect(await may(t.db.kysely, away, p, [theirs.student]), p).toBe(true);
    }
  });

  it('lets a family read its decks and the shared decks it follows, and edit or share only its own', async () => {
    expect(await may(t.db.kysely, home, 'deck.read', own.decks)).toBe(true);
    expect(await may(t.db.kysely, home, 'deck.read', [theirs.deck])).toBe(false);
    expect(await may(t.db.kysely, home, 'deck.read', [MISSING])).toBe(false);
    expect(await may(t.db.kysely, following, 'deck.read', [followingDeck, sharedDeck])).toBe(true);
    expect(await may(t.db.kysely, following, 'deck.read', [sharedDeck, theirs.deck])).toBe(false);
    for (const p of ['deck.edit', 'deck.share', 'data.transfer'] as Permission[]) {
      expect(await may(t.db.kysely, asMember, p, own.decks), p).toBe(true);
      expect(await may(t.db.kysely, home, p, [...own.decks, theirs.deck]), p).toBe(false);
      // The follower's own deck row is its to rename, archive or remove; the original is the sharer's.
      expect(await may(t.db.kysely, following, p, [followingDeck]), p).toBe(true);
      expect(await may(t.db.kysely, following, p, [sharedDeck]), p).toBe(false);
      expect(await may(t.db.kysely, home, p, [MISSING]), p).toBe(false);
    }
  });

  it('lets a family edit the cards of its own decks, not those of a followed original', async () => {
    expect(await may(t.db.kysely, home, 'card.edit', own.cards)).toBe(true);
    expect(await may(t.db.kysely, asMember, 'card.edit', own.cards)).toBe(true);
    expect(await may(t.db.kysely, home, 'card.edit', [...own.cards, theirs.card])).toBe(false);
    expect(await may(t.db.kysely, following, 'card.edit', [sharedCard])).toBe(false);
    expect(await may(t.db.kysely, away, 'card.edit', [sharedCard])).toBe(true);
    expect(await may(t.db.kysely, home, 'card.edit', [MISSING])).toBe(false);
  });

  it("serves a family its own pictures and those of the decks it follows, and nobody else's", async () => {
    // Media routes name content keys, not ids: the media service decides them where it reads the bytes.
    const status = async (a: Agent, key: string) => (await a.get(`/api/images/${key}`)).status;
    expect(await status(holder, own.picture)).toBe(200);
    expect(await status(member, own.picture)).toBe(200);
    expect(await status(holder, sharedPicture)).toBe(404);
    expect(await status(holder, theirs.picture)).toBe(404);
    expect(await status(follower, sharedPicture)).toBe(200);
    expect(await status(follower, own.picture)).toBe(404);
    expect(await status(holder, '0'.repeat(64))).toBe(404);
  });

  it('lets the holder alone remove people, and only people of the family', async () => {
    expect(await may(t.db.kysely, home, 'family.hold', [member.id])).toBe(true);
    expect(await may(t.db.kysely, home, 'family.hold', [member.id, outsider.id])).toBe(false);
    expect(await may(t.db.kysely, home, 'family.hold', [MISSING])).toBe(false);
    expect(await may(t.db.kysely, asMember, 'family.hold', [holder.id])).toBe(false);
    expect(await may(t.db.kysely, asMember, 'family.hold', [])).toBe(false);
    expect(await may(t.db.kysely, asMember, 'family.manage', [])).toBe(true);
  });

  it('asks one statement for a whole set of ids, and none for a permission that names no objects', async () => {
    const cards = await seedCards(t.db, own.decks[0]!, 40);
    const cases: [Permission, readonly number[]][] = [
      ['student.read', own.students],
      ['deck.read', own.decks],
      ['deck.edit', own.decks],
      ['card.edit', cards],
      ['card.edit', [...cards, theirs.card]],
      ['family.hold', [member.id, holder.id]],
    ];
    for (const [permission, ids] of cases) {
      const { db, statements } = counting();
      await may(db, home, permission, ids);
      expect({ permission, n: ids.length, statements: statements() }).toEqual({
        permission,
        n: ids.length,
        statements: 1,
      });
    }
    const { db, statements } = counting();
    expect(await may(db, home, 'student.list', [])).toBe(true);
    expect(await may(db, home, 'deck.edit', [])).toBe(true);
    expect(await may(db, asMember, 'family.hold', [holder.id])).toBe(false);
    expect(statements()).toBe(0);
  });
});

describe('the API guard asks may for adults', () => {
  it('answers another family’s row exactly like a missing one, and leaves a malformed id to validation', async () => {
    const cases: [string, string, string][] = [
      ['GET', `/api/decks/${theirs.deck}`, `/api/decks/${MISSING}`],
      ['PUT', `/api/cards/${theirs.card}`, `/api/cards/${MISSING}`],
      ['GET', `/api/progress/${theirs.student}`, `/api/progress/${MISSING}`],
      ['GET', `/api/decks?student_id=${theirs.student}`, `/api/decks?student_id=${MISSING}`],
      ['DELETE', `/api/students/${theirs.student}`, `/api/students/${MISSING}`],
      ['DELETE', `/api/family/members/${outsider.id}`, `/api/family/members/${MISSING}`],
    ];
    for (const [method, other, missing] of cases) {
      const a = await holder.request(method, other, method === 'PUT' ? { body: cardForm({ en: 'x', es: 'y' }) } : {});
      const b = await holder.request(method, missing, method === 'PUT' ? { body: cardForm({ en: 'x', es: 'y' }) } : {});
      expect({ other, status: a.status, body: a.body }).toEqual({ other, status: b.status, body: b.body });
      expect(a.status, other).toBe(404);
      const malformed = await holder.request(method, other.replace(/\d+$/, '12x'));
      expect({ other, status: malformed.status, code: malformed.body.code }).toEqual({
        other,
        status: 400,
        code: 'invalid_input',
      });
    }
  });

  it('refuses a member removing people with 403 not_holder, and lets the holder meet the member rules', async () => {
    const res = await member.del(`/api/family/members/${holder.id}`);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'not_holder' });
    const self = await holder.del(`/api/family/members/${holder.id}`);
    expect({ status: self.status, code: self.body.code }).toEqual({ status: 409, code: 'cannot_remove_self' });
  });

  it('lets a member read the family’s memory states (the second parent’s tablet offline)', async () => {
    const res = await member.get(`/api/students/${own.students[0]}/memory-states`);
    expect(res.status).toBe(200);
  });
});
