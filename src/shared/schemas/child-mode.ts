import { z } from 'zod';
import { CHILD_PIN_MAX_DIGITS, CHILD_PIN_MIN_DIGITS } from '../constants';
import { idSchema } from './common';

/** A parent PIN: digits only, so a phone shows its number pad. */
export const childPinSchema = z.string().regex(new RegExp(`^[0-9]{${CHILD_PIN_MIN_DIGITS},${CHILD_PIN_MAX_DIGITS}}$`), {
  message: `${CHILD_PIN_MIN_DIGITS} to ${CHILD_PIN_MAX_DIGITS} digits`,
});

/** Body of PUT /api/child-mode/pin: the new PIN, and the current one when a PIN is already set. */
export const setChildPinSchema = z.object({
  pin: childPinSchema,
  // Not checked for shape: a wrong current PIN is a wrong PIN (and counted), whatever it looks like.
  current_pin: z
    .string()
    .max(CHILD_PIN_MAX_DIGITS * 4)
    .optional(),
});
export type SetChildPinInput = z.infer<typeof setChildPinSchema>;

/** Body of POST /api/child-mode. */
export const startChildModeSchema = z.object({ student_id: idSchema });
export type StartChildModeInput = z.infer<typeof startChildModeSchema>;

/** Body of POST /api/child-mode/exit. */
export const exitChildModeSchema = z.object({ pin: z.string().max(CHILD_PIN_MAX_DIGITS * 4) });
export type ExitChildModeInput = z.infer<typeof exitChildModeSchema>;

/** GET /api/child-mode: whether the family has a PIN, and the student this session is locked to (null: not locked). */
export const childModeStateSchema = z.object({ pin_set: z.boolean(), student_id: idSchema.nullable() });
export type ChildModeState = z.infer<typeof childModeStateSchema>;
