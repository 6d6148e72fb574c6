import fc from 'fast-check';
import {
  ANSWER_MODES,
  BUG_ADMIN_PASSWORD_MAX,
  BUG_DESCRIPTION_MAX,
  BUG_TITLE_MAX,
  BULK_CARDS_MAX,
  CARD_RESULTS_MAX,
  CARD_TEXT_MAX,
  CHILD_PIN_MAX_DIGITS,
  CHILD_PIN_MIN_DIGITS,
  DECK_COLORS,
  DECK_SUBTITLE_MAX,
  DECK_TITLE_MAX,
  DUPLICATE_TITLE_MAX,
  EMAIL_MAX,
  FAMILY_INVITE_CODE_INPUT_MAX,
  GRADING_MODES,
  ID_MAX,
  IMPORT_CARDS_MAX,
  NATIVE_LANGUAGES,
  NEW_PER_DAY_MAX,
  NEW_PER_DAY_MIN,
  OAUTH_CODE_MAX,
  OAUTH_STATE_MAX,
  ORIGINAL_DECK_ID_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RATINGS,
  RETENTION_MAX,
  RETENTION_MIN,
  REVIEW_DURATION_MAX_MS,
  REVIEWS_PER_DAY_MAX,
  REVIEWS_PER_DAY_MIN,
  STUDENT_AGE_MAX,
  STUDENT_AGE_MIN,
  STUDENT_NAME_MAX,
  STUDENTS_PER_FAMILY_MAX,
  STUDY_ACCURACY_TOLERANCE,
  STUDY_CARDS_MAX,
  STUDY_DURATION_MAX_SECONDS,
  USER_NAME_MAX,
} from '@shared/constants';
import { catalogueCards, type World } from './world';
import {
  MALFORMED,
  NOT_OBJECTS,
  RAW_NUMBERS,
  WRONG_TYPES,
  bool,
  email,
  id,
  idempotencyKey,
  int,
  list,
  nastyChar,
  nastyString,
  num,
  oneOf,
  str,
  type FieldSpec,
  type FuzzRequest,
} from './fuzz-inputs';

/**
 * The JSON endpoints the fuzz suite drives: for each, a valid body and, per field, the values it
 * must refuse; and the generator of bad requests built from them.
 */

export interface JsonSpec {
  method: string;
  path: (w: World) => string;
  valid: (w: World) => Record<string, unknown>;
  fields: Record<string, FieldSpec>;
  /** Sign-in routes replace the caller's session, so they are called without one. */
  asVisitor?: boolean;
  /** Bodies carrying `text` in nested text fields (the top-level ones are found from `fields`). */
  nestedText?: (text: string) => Record<string, unknown>[];
}

const cardItem = { en: 'one', es: 'uno' };
const studentFields = {
  name: str({ min: 1, max: STUDENT_NAME_MAX, trim: true }),
  age: int({ min: STUDENT_AGE_MIN, max: STUDENT_AGE_MAX, nullable: true, required: false }),
  native_language: oneOf(NATIVE_LANGUAGES),
  auto_read: bool(),
  reads: bool(),
  desired_retention: { ...num({ min: RETENTION_MIN, max: RETENTION_MAX }), required: false },
  new_per_day: int({ min: NEW_PER_DAY_MIN, max: NEW_PER_DAY_MAX, required: false }),
  max_reviews_per_day: int({ min: REVIEWS_PER_DAY_MIN, max: REVIEWS_PER_DAY_MAX, required: false }),
  grading: oneOf(GRADING_MODES),
};

/** reviewed_at values the server must refuse: not ISO-8601 times with an offset, or far from any clock it may have. */
const badReviewedAt = fc.oneof(
  fc.constantFrom('yesterday', '2025-06-01', '2025-06-01 12:00:00', '2025-13-01T00:00:00Z', '2025-06-01T12:00:00'),
  fc.constantFrom(
    '2100-01-01T00:00:00.000Z',
    '2000-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
  ),
  fc.integer(),
  fc.constant(null),
);

/** Parent PINs the server must refuse: too few or too many digits, anything but digits. */
const childPin: FieldSpec = {
  bad: fc.oneof(
    str({ max: CHILD_PIN_MAX_DIGITS }).bad,
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: CHILD_PIN_MIN_DIGITS - 1 }),
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: CHILD_PIN_MAX_DIGITS + 1, maxLength: 20 }),
    fc
      .string({ unit: nastyChar, minLength: CHILD_PIN_MIN_DIGITS, maxLength: CHILD_PIN_MAX_DIGITS })
      .filter((v) => !/^[0-9]+$/.test(v)),
  ),
  required: true,
  text: CHILD_PIN_MAX_DIGITS,
};

export const JSON_ENDPOINTS: JsonSpec[] = [
  {
    method: 'POST',
    path: () => '/api/auth/local/signup',
    valid: () => ({ email: 'fuzz@example.com', password: 'long enough password', name: 'Fuzz' }),
    fields: {
      email: email(EMAIL_MAX),
      password: str({ min: PASSWORD_MIN, max: PASSWORD_MAX }),
      name: str({ min: 1, max: USER_NAME_MAX, trim: true }),
    },
    asVisitor: true,
  },
  {
    method: 'POST',
    path: () => '/api/auth/local/login',
    valid: () => ({ email: 'fuzz@example.com', password: 'whatever' }),
    fields: { email: str({ min: 1, max: EMAIL_MAX, trim: true }), password: str({ min: 1, max: PASSWORD_MAX }) },
    asVisitor: true,
  },
  {
    method: 'POST',
    path: () => '/api/sessions',
    valid: () => ({ code: 'abc', state: 'def' }),
    fields: { code: str({ min: 1, max: OAUTH_CODE_MAX }), state: str({ min: 1, max: OAUTH_STATE_MAX }) },
    asVisitor: true,
  },
  { method: 'POST', path: () => '/api/students', valid: () => ({ name: 'Kid', age: 7 }), fields: studentFields },
  {
    method: 'POST',
    path: () => '/api/students/bulk',
    valid: () => ({ students: [{ name: 'Kid', age: 7 }, { name: 'Other kid' }] }),
    nestedText: (v) => [{ students: [{ name: v }] }, { students: [{ name: 'Kid', [v]: 'extra' }] }],
    fields: {
      students: list(
        { name: 'Kid' },
        fc.oneof(
          fc.record({ name: studentFields.name.bad }),
          fc.record({ name: fc.constant('Kid'), age: studentFields.age.bad }),
          fc.constantFrom(null, 'Kid', 1, []),
        ),
        STUDENTS_PER_FAMILY_MAX,
      ),
    },
  },
  {
    method: 'PUT',
    path: (w) => `/api/students/${w.student}`,
    valid: () => ({ name: 'Kid', age: 7, native_language: 'English' }),
    fields: studentFields,
  },
  {
    method: 'POST',
    path: () => '/api/decks',
    valid: (w) => ({ title: 'Fuzz deck', student_id: w.student, color: DECK_COLORS[1] }),
    fields: {
      title: str({ min: 1, max: DECK_TITLE_MAX, trim: true }),
      subtitle: str({ max: DECK_SUBTITLE_MAX, trim: true, nullable: true }),
      color: oneOf(DECK_COLORS),
      student_id: int({ min: 1, max: ID_MAX, nullable: true, required: false }),
      is_imported: bool(),
      original_deck_id: str({ min: 1, max: ORIGINAL_DECK_ID_MAX, nullable: true, required: false }),
    },
  },
  {
    method: 'PUT',
    path: (w) => `/api/decks/${w.deck}`,
    valid: (w) => ({ title: 'Renamed', subtitle: 'Sub', student_id: w.student }),
    fields: {
      title: str({ min: 1, max: DECK_TITLE_MAX, trim: true }),
      subtitle: str({ max: DECK_SUBTITLE_MAX, trim: true, nullable: true }),
      student_id: int({ min: 1, max: ID_MAX, nullable: true, required: false }),
    },
  },
  {
    method: 'POST',
    path: (w) => `/api/decks/${w.deck}/duplicate`,
    valid: () => ({ title: 'Copy' }),
    fields: { title: str({ min: 1, max: DUPLICATE_TITLE_MAX, trim: true, required: false }) },
  },
  {
    method: 'POST',
    path: (w) => `/api/decks/${w.emptyImportedDeck}/import-cards`,
    valid: () => ({ cards: catalogueCards('section-1-week-2') }),
    nestedText: (v) => [
      { cards: [{ en: v, es: 'uno' }] },
      { cards: [{ ...cardItem, es_pronunciation: v }] },
      { cards: [{ ...cardItem, [v]: 'extra' }] },
    ],
    fields: {
      cards: list(
        cardItem,
        fc.oneof(
          fc.record({ en: str({ min: 1, max: CARD_TEXT_MAX, trim: true }).bad, es: fc.constant('uno') }),
          fc.record({ en: fc.constant('one'), es: str({ min: 1, max: CARD_TEXT_MAX, trim: true }).bad }),
          fc.record({
            en: fc.constant('one'),
            es: fc.constant('uno'),
            en_pronunciation: fc.oneof(fc.integer(), fc.boolean()),
          }),
          fc.constantFrom(null, 'card', 1, []),
        ),
        IMPORT_CARDS_MAX,
      ),
    },
  },
  {
    method: 'POST',
    path: (w) => `/api/decks/${w.deck}/cards/bulk`,
    valid: () => ({ cards: [cardItem, { ...cardItem, es_pronunciation: 'OO-noh' }] }),
    nestedText: (v) => [
      { cards: [{ en: v, es: 'uno' }] },
      { cards: [{ ...cardItem, en_pronunciation: v }] },
      { cards: [{ ...cardItem, [v]: 'extra' }] },
    ],
    fields: {
      cards: list(
        cardItem,
        fc.oneof(
          fc.record({ en: str({ min: 1, max: CARD_TEXT_MAX, trim: true }).bad, es: fc.constant('uno') }),
          fc.record({ en: fc.constant('one'), es: str({ min: 1, max: CARD_TEXT_MAX, trim: true }).bad }),
          fc.record({
            en: fc.constant('one'),
            es: fc.constant('uno'),
            es_pronunciation: fc.oneof(fc.integer(), fc.boolean()),
          }),
          fc.constantFrom(null, 'card', 1, []),
        ),
        BULK_CARDS_MAX,
      ),
    },
  },
  {
    method: 'POST',
    path: () => '/api/study-sessions',
    valid: (w) => ({
      student_id: w.student,
      deck_id: w.deck,
      cards_studied: 4,
      cards_mastered: 2,
      cards_not_mastered: 2,
      accuracy_percentage: 50,
      study_duration_seconds: 30,
    }),
    fields: {
      student_id: id(),
      deck_id: id(),
      cards_studied: int({ min: 0, max: STUDY_CARDS_MAX }),
      cards_mastered: int({ min: 0, max: STUDY_CARDS_MAX }),
      cards_not_mastered: int({ min: 0, max: STUDY_CARDS_MAX }),
      accuracy_percentage: num({ min: 0, max: 100, consistent: (v) => Math.abs(v - 50) <= STUDY_ACCURACY_TOLERANCE }),
      study_duration_seconds: int({ min: 0, max: STUDY_DURATION_MAX_SECONDS }),
      idempotency_key: idempotencyKey,
    },
  },
  {
    method: 'POST',
    path: () => '/api/card-performance',
    valid: (w) => ({ student_id: w.student, card_results: [{ card_id: w.card, is_correct: true }] }),
    fields: {
      student_id: id(),
      card_results: list(
        { card_id: 1, is_correct: true },
        fc.oneof(
          fc.record({ card_id: id().bad, is_correct: fc.constant(true) }),
          fc.record({ card_id: fc.constant(1), is_correct: bool(true).bad }),
          fc.record({ card_id: fc.constant(1), is_correct: fc.constant(true), rating: oneOf(RATINGS).bad }),
          // A rating that contradicts is_correct.
          fc.constantFrom(
            { card_id: 1, is_correct: true, rating: 'again' },
            { card_id: 1, is_correct: false, rating: 'hard' },
          ),
          fc.record({ card_id: fc.constant(1), is_correct: fc.constant(true), mode: oneOf(ANSWER_MODES).bad }),
          // A rating the mode does not give (a pick among four is never good; spelling is never easy).
          fc.constantFrom(
            { card_id: 1, is_correct: true, mode: 'listen', rating: 'good' },
            { card_id: 1, is_correct: true, mode: 'spell', rating: 'easy' },
          ),
          fc.record({ card_id: fc.constant(1), is_correct: fc.constant(true), reviewed_at: badReviewedAt }),
          fc.record({
            card_id: fc.constant(1),
            is_correct: fc.constant(true),
            duration_ms: int({ min: 0, max: REVIEW_DURATION_MAX_MS }).bad,
          }),
          fc.constantFrom(null, 1, 'x', {}),
        ),
        CARD_RESULTS_MAX,
      ),
      idempotency_key: idempotencyKey,
    },
  },
  {
    method: 'POST',
    path: () => '/api/bugs',
    valid: () => ({ title: 'Broken', description: 'It broke' }),
    fields: {
      title: str({ min: 1, max: BUG_TITLE_MAX, trim: true }),
      description: str({ min: 1, max: BUG_DESCRIPTION_MAX, trim: true }),
      idempotency_key: idempotencyKey,
    },
  },
  {
    method: 'DELETE',
    path: (w) => `/api/bugs/${w.bug}`,
    valid: () => ({ password: 'not the password' }),
    fields: { password: str({ min: 1, max: BUG_ADMIN_PASSWORD_MAX }) },
  },
  // Before the PIN is set: a valid body then answers 409 and never locks the fuzzing session.
  {
    method: 'POST',
    path: () => '/api/child-mode',
    valid: (w) => ({ student_id: w.student }),
    fields: { student_id: id() },
  },
  {
    method: 'PUT',
    path: () => '/api/child-mode/pin',
    valid: () => ({ pin: '2468', current_pin: '2468' }),
    fields: { pin: childPin, current_pin: str({ max: CHILD_PIN_MAX_DIGITS * 4, required: false }) },
  },
  {
    method: 'POST',
    path: () => '/api/child-mode/exit',
    valid: () => ({ pin: '0000' }),
    fields: { pin: str({ max: CHILD_PIN_MAX_DIGITS * 4, required: true }) },
  },
  // A code nobody issued: a valid body answers 404 and never moves the fuzzing owner into a family.
  {
    method: 'POST',
    path: () => '/api/family/join',
    valid: () => ({ code: 'ABCD-EFGH' }),
    fields: { code: str({ min: 1, max: FAMILY_INVITE_CODE_INPUT_MAX, trim: true }) },
  },
  // The owner's own shared deck: a valid body answers 409 own_deck, so the fuzzing owner adds nothing.
  {
    method: 'POST',
    path: (w) => `/api/shared/${w.shareCode}/add`,
    valid: (w) => ({ student_id: w.student }),
    fields: { student_id: id(false) },
  },
];

/** Requests with bad JSON for one endpoint: wrong values, missing fields, not JSON, wrong type, huge, odd unicode. */
export function jsonRequests(spec: JsonSpec, w: World): fc.Arbitrary<FuzzRequest> {
  const valid = spec.valid(w);
  const names = Object.keys(spec.fields);
  const required = names.filter((n) => spec.fields[n]!.required);
  const texts = names.filter((n) => spec.fields[n]!.text);
  const numbers = names.filter((n) => spec.fields[n]!.numeric);
  const extras = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const json = (kind: string, sure: boolean, text: string, type = 'application/json'): FuzzRequest => ({
    kind,
    sure,
    headers: type ? { 'content-type': type } : {},
    body: text,
  });
  const omit = (o: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  const pick = <T>(items: T[]) => fc.subarray(items, { minLength: 1, maxLength: Math.min(3, items.length) });
  const choices: fc.Arbitrary<FuzzRequest>[] = [
    fc
      .tuple(
        pick(names).chain((keys) =>
          fc
            .tuple(...keys.map((k) => spec.fields[k]!.bad))
            .map((vals) => Object.fromEntries(keys.map((k, i) => [k, vals[i]]))),
        ),
        extras,
      )
      .map(([bad, ex]) => json('wrong value', true, JSON.stringify({ ...valid, ...ex, ...bad }))),
    fc.constantFrom(...NOT_OBJECTS).map((text) => json('not an object', true, text)),
    fc
      .oneof(
        fc.constantFrom(...MALFORMED),
        fc.nat().map((n) => {
          const text = JSON.stringify(valid);
          return text.slice(0, 1 + (n % (text.length - 1)));
        }),
      )
      .map((text) => json('malformed JSON', true, text)),
    fc.constantFrom(...WRONG_TYPES).map((type) => json(`content type "${type}"`, true, JSON.stringify(valid), type)),
  ];
  if (required.length) {
    choices.push(
      fc
        .tuple(pick(required), extras)
        .map(([keys, ex]) => json('missing field', true, JSON.stringify(omit({ ...valid, ...ex }, keys)))),
    );
  }
  if (texts.length) {
    choices.push(
      fc
        .tuple(
          fc.constantFrom(...texts),
          fc.constantFrom(50_000, 250_000, 262_145, 400_000),
          fc.constantFrom('a', 'é', '😀'),
        )
        .map(([k, n, c]) => json('huge string', true, JSON.stringify({ ...valid, [k]: c.repeat(n) }))),
      pick(texts)
        .chain((keys) =>
          fc.tuple(...keys.map((k) => nastyString(Math.min(spec.fields[k]!.text!, 40)))).map((v) => [keys, v] as const),
        )
        .map(([keys, vals]) =>
          json('unicode', false, JSON.stringify({ ...valid, ...Object.fromEntries(keys.map((k, i) => [k, vals[i]])) })),
        ),
    );
  }
  if (numbers.length) {
    choices.push(
      fc
        .tuple(fc.constantFrom(...numbers), fc.constantFrom(...RAW_NUMBERS))
        .map(([k, literal]) =>
          json(
            `raw number ${literal}`,
            false,
            JSON.stringify({ ...valid, [k]: '__RAW__' }).replace('"__RAW__"', literal),
          ),
        ),
    );
  }
  return fc.oneof(...choices);
}

/** Characters that have broken servers before, tried in every text field on every run (fast-check examples). */
const MUST_TRY = ['a\u0000b', 'x\uD800', '\uDFFFy', '\u202Eabc', 'a\u200Bb', '\u0007\u001B[31m\uFEFF'];

export function unicodeExamples(spec: JsonSpec, w: World): [FuzzRequest][] {
  const texts = Object.keys(spec.fields).filter((n) => spec.fields[n]!.text);
  // Nested first: a body that succeeds can change what later ones meet (an import fills its deck).
  const bodies = MUST_TRY.flatMap((v) => [
    ...(spec.nestedText?.(v) ?? []),
    ...texts.map((k) => ({ ...spec.valid(w), [k]: v })),
    ...(v.includes('\u0000') ? [{ ...spec.valid(w), [v]: 'a property named with it' }] : []),
  ]);
  return bodies.map((b): [FuzzRequest] => [
    { kind: 'unicode', sure: false, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) },
  ]);
}

/** Valid ids for a route's path parameters, by name (and by resource for a plain `:id`). */
export function paramValue(route: string, name: string, w: World): string {
  if (name === 'studentId') return String(w.student);
  if (name === 'deckId') return String(w.deck);
  if (name === 'key') return w.imageKey;
  if (name === 'provider') return 'oidc';
  // An import's id: well formed, and no import of the family's (404).
  if (route.includes('/api/imports/anki/')) return '00000000-0000-4000-8000-000000000000';
  if (name === 'code' && route.includes('/api/shared/')) return w.shareCode;
  const resource = route.split('/')[2];
  const byResource: Record<string, number> = { students: w.student, decks: w.deck, cards: w.card, bugs: w.bug };
  return String(byResource[resource ?? ''] ?? 1);
}

/** A World whose ids are `:id`, so that a spec's path gives the route's template. */
const TEMPLATE = {
  student: ':id',
  deck: ':id',
  card: ':id',
  bug: ':id',
  emptyImportedDeck: ':id',
  shareCode: ':code',
} as unknown as World;
export const routeOf = (spec: JsonSpec) => `${spec.method} ${spec.path(TEMPLATE)}`;
