import fc from 'fast-check';
import { ID_MAX, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '@shared/constants';

/**
 * Generators of bad input for the fuzz suite. Each generated request says whether it is surely
 * invalid (`sure`: the API must refuse it) or only strange (unicode that may well be a valid name,
 * numbers written in unusual ways): every answer must be below 500 either way.
 */

export interface FuzzRequest {
  kind: string;
  sure: boolean;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Whether to send Content-Length (every HTTP/1.1 client does for a fixed body). */
  contentLength?: boolean;
}

/** Unicode that breaks naive code: lone surrogates, direction overrides, zero-width and control characters. */
const NASTY = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\u202D',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u00AD',
  '\u0301',
  '\uFFFD',
  '\uFFFF',
  '😀',
  '👩‍👧',
  'é',
  'ñ',
  '字',
  'İ',
  'ß',
  '"',
  "'",
  '\\',
  '<',
  '>',
  '&',
  '%',
  '\n',
  '\r',
  '\t',
];
export const nastyChar = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
export const nastyString = (maxLength: number) => fc.string({ unit: nastyChar, minLength: 1, maxLength });

/** Characters String.prototype.trim removes: a string of them is blank to the server. */
const blank = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00A0', '\u1680', '\u2028', '\u2029', '\u3000', '\uFEFF'),
  maxLength: 8,
});

const notStringNorNull = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A string longer than `max` even after trimming, in one of several scripts. */
export const overlong = (max: number) =>
  fc
    .tuple(fc.constantFrom('a', 'é', '字', '😀', '\u202E', '\u200B'), fc.string({ unit: nastyChar, maxLength: 20 }))
    .map(([c, tail]) => c.repeat(max + 1) + tail);

/** Digit strings and numbers in forms that a careless parser would accept as numbers. */
const NUMBERISH = ['1', '7', '0', '-1', 'NaN', 'Infinity', '1e3', '0x10', '99999999999', '', ' 1', '１'];

export interface FieldSpec {
  /** Values this field must refuse. */
  bad: fc.Arbitrary<unknown>;
  required: boolean;
  /** Longest accepted text, for the unicode mutation (text fields only). */
  text?: number;
  /** Whether the field is a number (for numbers written as raw JSON literals). */
  numeric?: boolean;
}

export function str(opts: {
  max: number;
  min?: number;
  trim?: boolean;
  nullable?: boolean;
  required?: boolean;
}): FieldSpec {
  const min = opts.min ?? 0;
  const short = min === 0 ? [] : opts.trim ? [blank] : [fc.string({ unit: 'binary-ascii', maxLength: min - 1 })];
  const bad = fc.oneof(notStringNorNull, overlong(opts.max), ...short, ...(opts.nullable ? [] : [fc.constant(null)]));
  return { bad, required: opts.required ?? min > 0, text: opts.max };
}

export function int(opts: { min: number; max: number; nullable?: boolean; required?: boolean }): FieldSpec {
  const bad = fc.oneof(
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: opts.min - 1 }),
    fc.integer({ min: opts.max + 1, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ min: 1e16, max: 1e308, noNaN: true }),
    fc.double({ min: opts.min, max: opts.max, noNaN: true }).filter((v) => !Number.isInteger(v)),
    fc.constantFrom(...NUMBERISH),
    fc.boolean(),
    fc.array(fc.integer({ min: opts.min, max: opts.max }), { minLength: 1, maxLength: 2 }),
    ...(opts.nullable ? [] : [fc.constant(null)]),
  );
  return { bad, required: opts.required ?? true, numeric: true };
}

/** A real number within [min, max], where `consistent` (if given) says which values agree with the rest of the body. */
export function num(opts: { min: number; max: number; consistent?: (v: number) => boolean }): FieldSpec {
  const bad = fc.oneof(
    fc.double({ min: -1e308, max: opts.min, noNaN: true, minExcluded: true }),
    fc.double({ min: opts.max, max: 1e308, noNaN: true, minExcluded: true }),
    ...(opts.consistent
      ? [fc.double({ min: opts.min, max: opts.max, noNaN: true }).filter((v) => !opts.consistent!(v))]
      : []),
    fc.constantFrom(...NUMBERISH),
    fc.boolean(),
    fc.constant(null),
  );
  return { bad, required: true, numeric: true };
}

/** An email address field (`max` characters after trimming). */
export function email(max: number): FieldSpec {
  const base = str({ max, min: 1, trim: true });
  const notEmail = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }).filter((s) => !s.includes('@'));
  return { ...base, bad: fc.oneof(base.bad, notEmail, fc.constantFrom('a@', '@b.c', 'a@b', 'a b@c.d', 'a@b..c')) };
}

/** An optional idempotency key: IDEMPOTENCY_KEY_MIN to IDEMPOTENCY_KEY_MAX of [A-Za-z0-9_-]. */
export const idempotencyKey: FieldSpec = {
  bad: fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-'), maxLength: IDEMPOTENCY_KEY_MIN - 1 }),
    overlong(IDEMPOTENCY_KEY_MAX),
    fc.constantFrom('abc def ghi', 'abcdefgh!', '../../etc/passwd', 'abcdefgh\u0000', 'clé-unique-1'),
    notStringNorNull,
    fc.constant(null),
  ),
  required: false,
};

export const id = (required = true): FieldSpec => int({ min: 1, max: ID_MAX, required });

export function oneOf(values: readonly unknown[], required = false): FieldSpec {
  const bad = fc.oneof(
    fc.string({ unit: nastyChar, maxLength: 10 }).filter((s) => !values.includes(s)),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.constantFrom(...values), { minLength: 1, maxLength: 2 }),
  );
  return { bad, required };
}

export const bool = (required = false): FieldSpec => ({
  bad: fc.oneof(fc.constantFrom('true', 'false', '', 'yes', 0, 1, null), fc.array(fc.boolean(), { maxLength: 2 })),
  required,
});

/** A list of `item`s: bad when empty, too long, not a list, or holding a bad item. */
export function list(item: Record<string, unknown>, badItem: fc.Arbitrary<unknown>, max: number): FieldSpec {
  const bad = fc.oneof(
    fc.constant([]),
    fc.constant(Array.from({ length: max + 1 }, () => item)),
    notStringNorNull.filter((v) => !Array.isArray(v)),
    fc.string({ maxLength: 5 }),
    fc.constant(null),
    badItem.map((b) => [item, b]),
  );
  return { bad, required: true };
}

/** Path parameters that must never reach an object: traversal, encodings, numbers in odd forms. */
export const BAD_PARAMS = [
  '%00',
  '%2e%2e%2f',
  '%2F',
  '%',
  '%zz',
  '%E0%A4%A',
  '1%00',
  '1%20',
  '%201',
  '..%2F',
  '%5C..%5C',
  ...['../', '1e3', '-1', '99999999999', '2147483648', '0', '00', '01', '1.5', '+1', ' 1', '1 ', '0x10', 'NaN'].map(
    encodeURIComponent,
  ),
  ...['Infinity', 'null', 'undefined', '[]', '{}', '１', '١', '<script>alert(1)</script>', "1' OR '1'='1", '1;--'].map(
    encodeURIComponent,
  ),
];
/** Dot segments change the path itself (the URL parser resolves them), so any answer but a 5xx will do. */
export const DOT_SEGMENTS = ['..', '../', '.', './', '%2e%2e', '%2e'];

const ID_SHAPE = /^[1-9][0-9]{0,9}$/;
/** A bad path parameter, and whether it surely is one. */
export const badParam = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BAD_PARAMS).map((p) => ({ value: p, sure: true })) },
  { weight: 1, arbitrary: fc.constantFrom(...DOT_SEGMENTS).map((p) => ({ value: p, sure: false })) },
  {
    weight: 3,
    arbitrary: nastyString(30)
      .filter((s) => !ID_SHAPE.test(s))
      .map((s) => ({ value: encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')), sure: true })),
  },
);

/** Content types a JSON route must refuse, even with valid JSON inside. */
export const WRONG_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'multipart/form-data',
  '',
];

/** Texts that are not JSON at all. (A leading BOM is not here: the UTF-8 decoder drops it, as RFC 8259 allows.) */
export const MALFORMED = [
  '{',
  '{"a":',
  '{"title":"x",}',
  "{'title':'x'}",
  '[1,2',
  'NaN',
  '{"x": NaN}',
  '{"x": undefined}',
  '\u0000',
  '}{',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a" 1}',
  '\uD800',
  '['.repeat(50_000),
];

/** JSON texts that parse to something other than an object. */
export const NOT_OBJECTS = ['[]', '"x"', '42', 'true', 'null', '[{}]', '['.repeat(20_000) + ']'.repeat(20_000)];

/** Raw number literals JSON allows but JavaScript turns into Infinity, 0 or an imprecise integer. */
export const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '9007199254740993',
  '0.1e1',
  '1E2',
  '1.0000000000000002',
];
