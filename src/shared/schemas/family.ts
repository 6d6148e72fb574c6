import { z } from 'zod';
import { FAMILY_INVITE_CODE_ALPHABET, FAMILY_INVITE_CODE_INPUT_MAX, FAMILY_INVITE_CODE_LENGTH } from '../constants';
import { idSchema } from './common';

export const familyRoleSchema = z.enum(['holder', 'member']);
export type FamilyRole = z.infer<typeof familyRoleSchema>;

export const familyMemberSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  role: familyRoleSchema,
  /** When they joined (the holder: when the family was made). */
  joined_at: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

/** An invite not yet used, revoked or expired (its code is shown only once, when it is made). */
export const familyInviteSchema = z.object({
  id: idSchema,
  created_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type FamilyInvite = z.infer<typeof familyInviteSchema>;

export const familySchema = z.object({
  /** The signed-in person. */
  you: idSchema,
  holder: idSchema,
  members: z.array(familyMemberSchema),
  invites: z.array(familyInviteSchema),
});
export type Family = z.infer<typeof familySchema>;

export const createdInviteSchema = familyInviteSchema.extend({
  /** Short code, grouped like ABCD-EFGH; typed in any case, with or without the dash. */
  code: z.string(),
  /** Path of the join page for this code, e.g. /join/ABCD-EFGH. */
  path: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/**
 * What an invitee may learn before joining: whose family, how many adults, and what joining does
 * to the data of the family they are in now.
 */
export const invitePreviewSchema = z.object({
  holder_name: z.string(),
  member_count: z.number().int().nonnegative(),
  /** They are in this family already. */
  already_member: z.boolean(),
  /**
   * `moves`: they are alone in their family, so its students, decks and progress come with them.
   * `stays`: others remain in their current family, which keeps everything; they take nothing.
   */
  your_data: z.enum(['moves', 'stays']),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** An invite code as typed or as it came in a link; anything else is answered like an unknown code. */
export const inviteCodeInputSchema = z.string().trim().min(1).max(FAMILY_INVITE_CODE_INPUT_MAX);
export const joinFamilySchema = z.object({ code: inviteCodeInputSchema });

const ALPHABET_SET = new Set(FAMILY_INVITE_CODE_ALPHABET);

/** The code's canonical form (upper case, no dashes or spaces), or null when no invite could have it. */
export function normalizeInviteCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== FAMILY_INVITE_CODE_LENGTH || [...code].some((ch) => !ALPHABET_SET.has(ch))) return null;
  return code;
}

/** ABCDEFGH → ABCD-EFGH, easier to read aloud and type. */
export const formatInviteCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
