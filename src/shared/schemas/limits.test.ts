import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as C from '../constants';
import { closeBugSchema, bugInputSchema } from './bug';
import { cardFieldsSchema } from './card';
import { importCardsSchema } from './catalogue';
import { idSchema } from './common';
import { createDeckSchema, duplicateDeckSchema, renameDeckSchema } from './deck';
import { studentInputSchema } from './student';
import { cardPerformanceInputSchema, idempotencyKeySchema, studySessionInputSchema } from './study';
import { loginSchema, sessionExchangeSchema, signupSchema } from './user';

/** The API's limits are the ones in constants.ts: the limit itself is accepted, one more is refused. */

const text = (n: number) => 'a'.repeat(n);
const card = { en: 'one', es: 'uno' };
const session = (counts: { studied: number; mastered: number }, extra: Record<string, unknown> = {}) => ({
  student_id: 1,
  deck_id: 1,
  cards_studied: counts.studied,
  cards_mastered: counts.mastered,
  cards_not_mastered: counts.studied - counts.mastered,
  accuracy_percentage: counts.studied === 0 ? 0 : (counts.mastered / counts.studied) * 100,
  study_duration_seconds: 60,
  ...extra,
});

/** [name, schema, a valid body with the value at the limit, the same body one past it] */
const cases: [string, z.ZodType, unknown, unknown][] = [
  ['ID_MAX', idSchema, C.ID_MAX, C.ID_MAX + 1],
  ...(
    [
      ['DECK_TITLE_MAX', createDeckSchema, 'title', C.DECK_TITLE_MAX],
      ['DECK_TITLE_MAX (rename)', renameDeckSchema, 'title', C.DECK_TITLE_MAX],
      ['DUPLICATE_TITLE_MAX', duplicateDeckSchema, 'title', C.DUPLICATE_TITLE_MAX],
      ['STUDENT_NAME_MAX', studentInputSchema, 'name', C.STUDENT_NAME_MAX],
      ['BUG_TITLE_MAX', bugInputSchema, 'title', C.BUG_TITLE_MAX],
      ['BUG_ADMIN_PASSWORD_MAX', closeBugSchema, 'password', C.BUG_ADMIN_PASSWORD_MAX],
      ['CARD_TEXT_MAX', cardFieldsSchema, 'en', C.CARD_TEXT_MAX],
      ['PRONUNCIATION_MAX', cardFieldsSchema, 'es_pronunciation', C.PRONUNCIATION_MAX],
      ['USER_NAME_MAX', signupSchema, 'name', C.USER_NAME_MAX],
      ['PASSWORD_MAX', loginSchema, 'password', C.PASSWORD_MAX],
      ['OAUTH_CODE_MAX', sessionExchangeSchema, 'code', C.OAUTH_CODE_MAX],
      ['OAUTH_STATE_MAX', sessionExchangeSchema, 'state', C.OAUTH_STATE_MAX],
      ['OAUTH_URL_MAX', sessionExchangeSchema, 'iss', C.OAUTH_URL_MAX],
      ['OAUTH_ERROR_MAX', sessionExchangeSchema, 'error', C.OAUTH_ERROR_MAX],
      ['OAUTH_TEXT_MAX', sessionExchangeSchema, 'error_description', C.OAUTH_TEXT_MAX],
    ] as const
  ).map(([name, schema, field, max]): [string, z.ZodType, unknown, unknown] => {
    const base: Record<string, unknown> = {
      title: 'T',
      name: 'N',
      description: 'D',
      password: 'a long enough password',
      email: 'a@example.com',
      state: 's',
      ...card,
    };
    return [name, schema, { ...base, [field]: text(max) }, { ...base, [field]: text(max + 1) }];
  }),
  [
    'PASSWORD_MIN',
    signupSchema,
    { email: 'a@example.com', name: 'N', password: text(C.PASSWORD_MIN) },
    { email: 'a@example.com', name: 'N', password: text(C.PASSWORD_MIN - 1) },
  ],
  [
    'STUDENT_AGE_MAX',
    studentInputSchema,
    { name: 'N', age: C.STUDENT_AGE_MAX },
    { name: 'N', age: C.STUDENT_AGE_MAX + 1 },
  ],
  [
    'STUDENT_AGE_MIN',
    studentInputSchema,
    { name: 'N', age: C.STUDENT_AGE_MIN },
    { name: 'N', age: C.STUDENT_AGE_MIN - 1 },
  ],
  [
    'IMPORT_CARDS_MAX',
    importCardsSchema,
    { cards: Array(C.IMPORT_CARDS_MAX).fill(card) },
    { cards: Array(C.IMPORT_CARDS_MAX + 1).fill(card) },
  ],
  ['IDEMPOTENCY_KEY_MIN', idempotencyKeySchema, text(C.IDEMPOTENCY_KEY_MIN), text(C.IDEMPOTENCY_KEY_MIN - 1)],
  ['IDEMPOTENCY_KEY_MAX', idempotencyKeySchema, text(C.IDEMPOTENCY_KEY_MAX), text(C.IDEMPOTENCY_KEY_MAX + 1)],
  [
    'CARD_RESULTS_MAX',
    cardPerformanceInputSchema,
    { student_id: 1, card_results: Array(C.CARD_RESULTS_MAX).fill({ card_id: 1, is_correct: true }) },
    { student_id: 1, card_results: Array(C.CARD_RESULTS_MAX + 1).fill({ card_id: 1, is_correct: true }) },
  ],
  [
    'STUDY_CARDS_MAX',
    studySessionInputSchema,
    session({ studied: C.STUDY_CARDS_MAX, mastered: 0 }),
    session({ studied: C.STUDY_CARDS_MAX + 1, mastered: 0 }),
  ],
  [
    'STUDY_DURATION_MAX_SECONDS',
    studySessionInputSchema,
    session({ studied: 1, mastered: 1 }, { study_duration_seconds: C.STUDY_DURATION_MAX_SECONDS }),
    session({ studied: 1, mastered: 1 }, { study_duration_seconds: C.STUDY_DURATION_MAX_SECONDS + 1 }),
  ],
  [
    'STUDY_ACCURACY_TOLERANCE',
    studySessionInputSchema,
    session({ studied: 4, mastered: 2 }, { accuracy_percentage: 50 + C.STUDY_ACCURACY_TOLERANCE }),
    session({ studied: 4, mastered: 2 }, { accuracy_percentage: 50 + C.STUDY_ACCURACY_TOLERANCE + 0.01 }),
  ],
];

describe('schema limits', () => {
  it.each(cases)('%s: the limit is accepted, one past it refused', (_name, schema, atLimit, past) => {
    expect(schema.safeParse(atLimit).error).toBeUndefined();
    expect(schema.safeParse(past).success).toBe(false);
  });

  it('an original deck id of ORIGINAL_DECK_ID_MAX characters is accepted, a longer one refused', () => {
    const deck = (id: string) => ({ title: 'T', original_deck_id: id });
    expect(createDeckSchema.safeParse(deck(text(C.ORIGINAL_DECK_ID_MAX))).success).toBe(true);
    expect(createDeckSchema.safeParse(deck(text(C.ORIGINAL_DECK_ID_MAX + 1))).success).toBe(false);
  });

  it('a deck created without a colour gets DEFAULT_DECK_COLOR', () => {
    expect(createDeckSchema.parse({ title: 'T' }).color).toBe(C.DEFAULT_DECK_COLOR);
  });
});
