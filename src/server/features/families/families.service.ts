import { hash, randomInt } from 'node:crypto';
import {
  FAMILY_INVITE_CODE_ALPHABET,
  FAMILY_INVITE_CODE_LENGTH,
  FAMILY_INVITE_TTL_MS,
  FAMILY_INVITES_OPEN_MAX,
  FAMILY_MEMBERS_MAX,
} from '@shared/constants';
import {
  formatInviteCode,
  normalizeInviteCode,
  type CreatedInvite,
  type Family,
  type FamilyRole,
  type InvitePreview,
} from '@shared/schemas/family';
import { type AppDeps, type FamilyId, type SessionUser, type UserId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, conflict, notFound } from '../../http/errors';
import * as repo from './families.repository';

type Person = Pick<SessionUser, 'id' | 'familyId' | 'role'>;

const hashCode = (code: string) => hash('sha256', code, 'hex');

// Used, expired, revoked and made-up codes get this same answer: nobody learns which codes exist.
const inviteNotFound = () => new ApiError(404, 'invite_not_found', 'No such invite');

function newCode(): string {
  let code = '';
  for (let i = 0; i < FAMILY_INVITE_CODE_LENGTH; i++)
    code += FAMILY_INVITE_CODE_ALPHABET[randomInt(FAMILY_INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The family's members, longest-standing first. */
async function members(db: DbHandle, familyId: FamilyId) {
  return (await repo.membersOf(db, familyId)).map((m) => ({
    ...m,
    user_id: m.user_id as UserId,
    role: m.role as FamilyRole,
  }));
}

/** A new, empty family held by the person (signing up, leaving, being removed). */
export async function startFamily(trx: DbHandle, userId: UserId, now: string): Promise<FamilyId> {
  const familyId = (await repo.insertFamily(trx, now)) as FamilyId;
  await repo.setMembership(trx, userId, familyId, 'holder', now);
  return familyId;
}

/**
 * The person leaves their family. Alone in it and joining another (`to`), they take its data
 * along: one re-parenting of every family row, then the emptied family goes. With others, the
 * data stays; when the holder goes, holding passes to the longest-standing remaining member.
 */
async function leaveFamily(trx: DbHandle, person: Person, to: FamilyId | null): Promise<void> {
  const others = (await members(trx, person.familyId)).filter((m) => m.user_id !== person.id);
  if (others.length > 0 && person.role === 'holder') await repo.makeHolder(trx, others[0]!.user_id);
  await repo.deleteMembership(trx, person.id);
  if (others.length === 0 && to !== null) {
    await repo.moveFamilyData(trx, person.familyId, to);
    await repo.deleteEmptyFamily(trx, person.familyId);
  }
}

/**
 * Before an account is deleted: a holder with other members hands the family to the
 * longest-standing of them. Returns the family when the person is its last member: the caller
 * deletes it, with its data, once the person is gone.
 */
export async function prepareAccountDeletion(trx: DbHandle, userId: UserId): Promise<FamilyId | null> {
  const membership = await repo.membershipOf(trx, userId);
  if (!membership) return null;
  const familyId = membership.family_id as FamilyId;
  const alone = (await members(trx, familyId)).every((m) => m.user_id === userId);
  await leaveFamily(trx, { id: userId, familyId, role: membership.role as FamilyRole }, null);
  return alone ? familyId : null;
}

/** Deletes a family nobody is in any more, and all of its data. */
export async function deleteEmptyFamily(trx: DbHandle, familyId: FamilyId): Promise<void> {
  await repo.deleteEmptyFamily(trx, familyId);
}

/** Families: who shares whose students, decks and progress, and the invites that let an adult join. */
export function familiesService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();

  async function family(handle: DbHandle, person: Pick<Person, 'id' | 'familyId'>): Promise<Family> {
    const everyone = await members(handle, person.familyId);
    return {
      you: person.id,
      holder: everyone.find((m) => m.role === 'holder')?.user_id ?? person.id,
      members: everyone,
      invites: await repo.openInvitesOf(handle, person.familyId, now()),
    };
  }

  return {
    get: (person: Person) => family(db, person),

    /** A one-time invite; its code is shown now and never again (only its hash is kept). */
    createInvite(person: Person): Promise<CreatedInvite> {
      return inUserTransaction(deps.db, person.familyId, async (trx) => {
        if ((await repo.openInvitesOf(trx, person.familyId, now())).length >= FAMILY_INVITES_OPEN_MAX)
          throw conflict('This family has as many open invites as it may; revoke one first', 'too_many_invites');
        const code = newCode();
        const createdAt = deps.now();
        const expiresAt = new Date(createdAt.getTime() + FAMILY_INVITE_TTL_MS).toISOString();
        const id = await repo.insertInvite(trx, {
          family_id: person.familyId,
          code_hash: hashCode(code),
          created_by: person.id,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt,
        });
        const shown = formatInviteCode(code);
        return {
          id,
          created_by_name: (await repo.userName(trx, person.id)) ?? '',
          created_at: createdAt.toISOString(),
          expires_at: expiresAt,
          code: shown,
          path: `/join/${shown}`,
        };
      });
    },

    async revokeInvite(person: Person, id: number): Promise<void> {
      if (!(await repo.revokeInvite(db, person.familyId, id, now()))) throw notFound('No such invite');
    },

    /** Whose family an invite leads to, and what joining would do to the person's current data. */
    async preview(person: Person, rawCode: string): Promise<InvitePreview> {
      const code = normalizeInviteCode(rawCode);
      const invite = code && (await repo.usableInvite(db, hashCode(code), now()));
      if (!invite) throw inviteNotFound();
      const theirs = await members(db, invite.family_id as FamilyId);
      const mine = await members(db, person.familyId);
      return {
        holder_name: theirs.find((m) => m.role === 'holder')?.name ?? '',
        member_count: theirs.length,
        already_member: invite.family_id === person.familyId,
        your_data: mine.some((m) => m.user_id !== person.id) ? 'stays' : 'moves',
      };
    },

    /** Uses the invite up and moves the person into its family, in one transaction. */
    async join(person: Person, rawCode: string): Promise<Family> {
      const code = normalizeInviteCode(rawCode);
      if (!code) throw inviteNotFound();
      return inUserTransaction(deps.db, person.familyId, async (trx) => {
        const at = now();
        const invite = await repo.usableInvite(trx, hashCode(code), at);
        if (!invite) throw inviteNotFound();
        const target = invite.family_id as FamilyId;
        if (target === person.familyId) throw conflict('You are in this family already', 'already_member');
        const theirs = await members(trx, target);
        if (theirs.length >= FAMILY_MEMBERS_MAX) throw conflict('This family is full', 'family_full');
        if (!(await repo.markUsed(trx, invite.id, at))) throw inviteNotFound();
        await leaveFamily(trx, person, target);
        await repo.setMembership(trx, person.id, target, 'member', at);
        return family(trx, { id: person.id, familyId: target });
      });
    },

    /** The person leaves and starts an empty family of their own; the family keeps its data. */
    leave(person: Person): Promise<Family> {
      return inUserTransaction(deps.db, person.familyId, async (trx) => {
        const all = await members(trx, person.familyId);
        if (all.length < 2) throw conflict('Nobody else is in your family', 'family_of_one');
        await leaveFamily(trx, person, null);
        return family(trx, { id: person.id, familyId: await startFamily(trx, person.id, now()) });
      });
    },

    /** The holder (family.hold: the API guard refuses anyone else) removes a member, who then has an empty family of their own. */
    removeMember(person: Person, userId: UserId): Promise<Family> {
      if (userId === person.id) throw conflict('Leave the family instead of removing yourself', 'cannot_remove_self');
      return inTransaction(deps.db, async (trx) => {
        if (!(await repo.removeMember(trx, userId, person.familyId))) throw notFound('No such member');
        await startFamily(trx, userId, now());
        return family(trx, person);
      });
    },
  };
}
