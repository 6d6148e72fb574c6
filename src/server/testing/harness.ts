import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { FamilyId, RateLimits } from '../context';
import { migrate, openDatabase, type Db } from '../db/database';
import { createLogger } from '../logger';
import { freshTestDatabase, testDialect, whileNoSchemaIsDropped } from './test-database';

/** The family the person is in now (every person is in one). */
export async function familyOf(db: Db, userId: number): Promise<FamilyId> {
  const row = await db.kysely
    .selectFrom('family_members')
    .select('family_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.family_id as FamilyId;
}

/** Which database this test run uses: vitest's server-sqlite / server-postgres projects set TEST_DB. */
export { testDialect };

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Limits high enough that ordinary tests never trip them; rate-limit tests pass their own. */
const GENEROUS: RateLimits = {
  login: { max: 10_000, windowMs: 60_000 },
  signup: { max: 10_000, windowMs: 60_000 },
  bugClose: { max: 10_000, windowMs: 60_000 },
  familyJoin: { max: 10_000, windowMs: 60_000 },
};

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  rateLimits?: Partial<RateLimits>;
  /** Receives every log line (for tests that read the log). */
  log?: (line: string) => void;
  /** A second app instance on the same database as this one (its own connections), as behind a load balancer. */
  sameDatabaseAs?: { dir: string; dialect: 'sqlite' | 'postgres'; schema?: string };
}

/**
 * Builds the real app on a real, freshly migrated database: a temp SQLite file, or a fresh
 * PostgreSQL schema in TEST_DATABASE_URL. Call `close()` in afterAll/afterEach.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const shared = options.sameDatabaseAs;
  let db: Db;
  let dir: string;
  let dispose = async () => {};
  if (shared) {
    dir = shared.dir;
    db =
      shared.dialect === 'postgres'
        ? openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! }, { schema: shared.schema })
        : openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
  } else {
    ({ db, dir, dispose } = await freshTestDatabase('t'));
  }
  await whileNoSchemaIsDropped(db, () => migrate(db));
  // Family numbers start away from user numbers here, so that a user id passed where a family id
  // is meant finds nothing in any test, as it would in a real installation.
  if (!options.sameDatabaseAs) {
    await db.kysely.insertInto('families').values({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
  }
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: options.log ? 'debug' : 'silent', ...options.env });
  const { app, deps } = createApp({
    config,
    db,
    now: options.now,
    rateLimits: { ...GENEROUS, ...options.rateLimits },
    logger: createLogger(config.logLevel, options.log ?? (() => {})),
  });

  /** One HTTP call to the app, as a browser on the app's own origin would make it. */
  async function request<T = any>(
    method: string,
    url: string,
    init: {
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      cookie?: string;
      /** Aborts the request, as a client going away does. */
      signal?: AbortSignal;
    } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.cookie) headers.cookie = init.cookie;
    // Real HTTP/1.1 clients always declare a body's length; the body limit relies on it.
    if (typeof body === 'string') headers['content-length'] ??= String(Buffer.byteLength(body));
    const res = await app.request(`http://localhost${url}`, { method, headers, body, signal: init.signal });
    const text = /^(image|audio)\//.test(res.headers.get('content-type') ?? '') ? '' : await res.clone().text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  let counter = 0;
  /** Signs up a new local account and returns an agent that sends its session cookie. */
  async function user(name = `user${++counter}`) {
    const email = `${name}-${randomBytes(3).toString('hex')}@example.com`;
    const res = await request('POST', '/api/auth/local/signup', {
      json: { email, password: 'correct horse battery', name },
    });
    if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
    const id = res.body.id as number;
    return { ...agent(sessionCookie(res.headers), { id, email, name }), familyId: await familyOf(db, id) };
  }

  /** An agent sending the given cookie (empty for a visitor). */
  function agent(cookie: string, profile = { id: 0, email: '', name: 'visitor' }) {
    const call = <T = any>(method: string, url: string, init: Parameters<typeof request>[2] = {}) =>
      request<T>(method, url, { ...init, cookie: init.cookie ?? cookie });
    return {
      ...profile,
      cookie,
      request: call,
      get: <T = any>(url: string) => call<T>('GET', url),
      post: <T = any>(url: string, json?: unknown) => call<T>('POST', url, json === undefined ? {} : { json }),
      put: <T = any>(url: string, json?: unknown) => call<T>('PUT', url, json === undefined ? {} : { json }),
      patch: <T = any>(url: string, json?: unknown) => call<T>('PATCH', url, json === undefined ? {} : { json }),
      del: <T = any>(url: string, json?: unknown) => call<T>('DELETE', url, json === undefined ? {} : { json }),
      /** Multipart request (the browser sets the boundary). */
      form: <T = any>(method: string, url: string, form: FormData) => call<T>(method, url, { body: form }),
    };
  }

  return {
    app,
    db,
    deps,
    config,
    request,
    user,
    agent,
    visitor: agent(''),
    /** What `sameDatabaseAs` needs to start another instance on this database. */
    database: { dir, dialect: db.dialect, schema: db.schema },
    async close() {
      await db.close();
      if (shared) return;
      await dispose();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Agent = ReturnType<TestApp['agent']>;
/** A person who signed up, with the family they were in then. */
export type Adult = Awaited<ReturnType<TestApp['user']>>;

/** `name=value` of the session cookie set by a response ('' when none). */
export function sessionCookie(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  return set ? set.split(';')[0]! : '';
}

/** Row counts of every table, to prove that a refused request changed nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'users',
    'identities',
    'password_credentials',
    'sessions',
    'students',
    'decks',
    'cards',
    'images',
    'audio',
    'study_sessions',
    'card_results',
    'review_logs',
    'memory_states',
    'new_card_cursors',
    'review_activity',
    'streak_days',
    'idempotency_keys',
    'bugs',
    'bug_votes',
    'family_members',
    'family_invites',
  ] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await db.kysely
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
