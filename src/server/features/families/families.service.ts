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
import { familyHeldBy, type AppDeps, type FamilyId, type SessionUser, type UserId } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import * as access from '../access/access.repository';
import * as repo from './families.repository';

type Person = Pick<SessionUser, 'id' | 'familyId'>;

const hashCode = (code: string) => hash('sha256', code, 'hex');

// Used, expired, revoked and made-up codes get this same answer: nobody learns which codes exist.
const inviteNotFound = () => new ApiError(404, 'invite_not_found', 'No such invite');

function newCode(): string {
  let code = '';
  for (let i = 0; i < FAMILY_INVITE_CODE_LENGTH; i++)
    code += FAMILY_INVITE_CODE_ALPHABET[randomInt(FAMILY_INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The family's members; a family nobody joined has no rows and is its holder alone. */
async function members(db: DbHandle, familyId: number) {
  const rows = await repo.membersOf(db, familyId);
  if (rows.length > 0) return rows.map((m) => ({ ...m, role: m.role as FamilyRole }));
  const name = (await repo.userName(db, familyId)) ?? '';
  return [{ user_id: familyId, name, role: 'holder' as const, joined_at: null }];
}

/**
 * The person leaves their family. Alone in it, they take its data along to `to` (joining) or keep
 * it (leaving has nothing to leave then); with others, the data stays, and when the holder goes,
 * holding passes to the longest-standing remaining member, who then names the family.
 */
async function leaveFamily(trx: DbHandle, person: Person, to: number | null): Promise<void> {
  const others = (await members(trx, person.familyId)).filter((m) => m.user_id !== person.id);
  if (others.length === 0) {
    if (to !== null) {
      await access.transferOwnership(trx, person.familyId, to);
      await repo.deleteInvitesOf(trx, person.familyId);
    }
  } else if (person.familyId === familyHeldBy(person.id)) {
    const heir = others[0]!.user_id;
    await access.transferOwnership(trx, person.id, heir);
    await repo.renameFamily(trx, person.id, heir);
  }
  await repo.deleteMembership(trx, person.id);
}

/**
 * Before an account is deleted: a holder with other members hands the family to the
 * longest-standing of them, so that only the last member's deletion deletes the family's data.
 */
export async function prepareAccountDeletion(trx: DbHandle, userId: UserId): Promise<void> {
  const membership = await repo.membershipOf(trx, userId);
  if (!membership) return;
  await leaveFamily(trx, { id: userId, familyId: membership.family_id as FamilyId }, null);
}

/** Families: who shares whose students, decks and progress, and the invites that let an adult join. */
export function familiesService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();

  async function family(handle: DbHandle, person: Person): Promise<Family> {
    return {
      you: person.id,
      holder: person.familyId,
      members: await members(handle, person.familyId),
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
      const theirs = await members(db, invite.family_id);
      const mine = await members(db, person.familyId);
      return {
        holder_name: theirs.find((m) => m.user_id === invite.family_id)?.name ?? '',
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
        if (theirs[0]!.joined_at === null) await repo.setMembership(trx, target, target, 'holder', at);
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
        return family(trx, { id: person.id, familyId: familyHeldBy(person.id) });
      });
    },

    /** The holder removes a member, who then has an empty family of their own. */
    removeMember(person: Person, userId: number): Promise<Family> {
      if (person.familyId !== familyHeldBy(person.id))
        throw forbidden('Only the family holder may remove members', 'not_holder');
      if (userId === person.id) throw conflict('Leave the family instead of removing yourself', 'cannot_remove_self');
      return inTransaction(deps.db, async (trx) => {
        if (!(await repo.removeMember(trx, userId, person.familyId))) throw notFound('No such member');
        return family(trx, person);
      });
    },
  };
}
