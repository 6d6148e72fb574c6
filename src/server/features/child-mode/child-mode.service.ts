import type { ChildModeState, SetChildPinInput } from '@shared/schemas/child-mode';
import type { AppDeps, FamilyId, SessionUser } from '../../context';
import { ApiError, forbidden, notFound, rateLimited } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { studentOwned } from '../access';
import { limitsService } from '../limits';
import * as repo from './child-mode.repository';

export const wrongPin = () => new ApiError(403, 'wrong_pin', 'That PIN is not right');

/**
 * The family's parent PIN and the child-mode lock of a session. PIN guesses are limited like
 * passwords (the login rule), per family only: a session can only ever try its own family's PIN, so an
 * address-wide count would guard nothing and would let one family's child lock out every other family
 * behind the same address (a school, a library).
 */
export function childModeService(deps: AppDeps) {
  const db = deps.db.kysely;
  const limits = limitsService(deps);
  const perFamily = limits.fixedWindow('child-pin-family', deps.rateLimits.login);

  /** Counts the attempt first (parallel guesses count too), then checks it; a right PIN is not held against anyone. */
  async function checkPin(familyId: FamilyId, pin: string | undefined): Promise<void> {
    const wait = await perFamily.hit(String(familyId));
    if (wait > 0) throw rateLimited(wait);
    const stored = await repo.findPinHash(db, familyId);
    if (!(await verifyPassword(stored, pin ?? ''))) throw wrongPin();
    await perFamily.reset(String(familyId));
  }

  return {
    async state(user: SessionUser): Promise<ChildModeState> {
      const hash = await repo.findPinHash(db, user.familyId);
      return { pin_set: hash !== undefined, student_id: user.childStudentId };
    },

    /** Sets the family's PIN; changing one needs the current PIN. */
    async setPin(user: SessionUser, input: SetChildPinInput): Promise<void> {
      if (user.childStudentId !== null) throw forbidden('Not available in child mode', 'child_mode');
      if ((await repo.findPinHash(db, user.familyId)) !== undefined) await checkPin(user.familyId, input.current_pin);
      await repo.upsertPinHash(db, user.familyId, await hashPassword(input.pin), deps.now().toISOString());
    },

    /** Checks that the session may be locked to the student; the route then locks it. */
    async canStart(user: SessionUser, studentId: number): Promise<void> {
      if (user.childStudentId !== null) throw forbidden('Already in child mode', 'child_mode');
      if (!(await studentOwned(db, user.familyId, studentId))) throw notFound('Student not found');
      if ((await repo.findPinHash(db, user.familyId)) === undefined) {
        throw new ApiError(409, 'pin_required', 'Set a parent PIN before turning on child mode');
      }
    },

    /** Checks the PIN that ends child mode; the route then unlocks the session. */
    async canExit(user: SessionUser, pin: string): Promise<void> {
      // Locked by an adult since removed from (or who left) the student's family: that family's PIN is not
      // theirs to give and their own family's would unlock nothing of it. Signing out, then in again, is the way.
      if (user.childStudentId !== null && !(await studentOwned(db, user.familyId, user.childStudentId))) {
        throw new ApiError(409, 'family_left', 'This device was locked for a family you are no longer in: sign out');
      }
      await checkPin(user.familyId, pin);
    },
  };
}
