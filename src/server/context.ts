import { OpenAPIHono } from '@hono/zod-openapi';
import {
  BUG_CLOSE_ATTEMPTS_MAX,
  BUG_CLOSE_WINDOW_MS,
  FAMILY_JOIN_ATTEMPTS_MAX,
  FAMILY_JOIN_WINDOW_MS,
  LOGIN_ATTEMPTS_MAX,
  LOGIN_WINDOW_MS,
  SIGNUP_WINDOW_MS,
  SIGNUPS_MAX,
} from '@shared/constants';
import type { Config } from './config';
import type { Db } from './db/database';
import type { CompleteHeaders } from './http/answers';
import { ApiError, invalidInput } from './http/errors';
import type { RateLimitRule } from './http/rate-limit';
import type { Logger } from './logger';

export interface RateLimits {
  /** Sign-in attempts, counted per client address and per account. */
  login: RateLimitRule;
  /** Account creations per client address. */
  signup: RateLimitRule;
  /** Wrong bug-close passwords per user and per client address. */
  bugClose: RateLimitRule;
  /** Family invite code look-ups and joins per person (never per address: one account must not refuse another's real code). */
  familyJoin: RateLimitRule;
}

/** Documented defaults (README "Security"). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: LOGIN_ATTEMPTS_MAX, windowMs: LOGIN_WINDOW_MS },
  signup: { max: SIGNUPS_MAX, windowMs: SIGNUP_WINDOW_MS },
  bugClose: { max: BUG_CLOSE_ATTEMPTS_MAX, windowMs: BUG_CLOSE_WINDOW_MS },
  familyJoin: { max: FAMILY_JOIN_ATTEMPTS_MAX, windowMs: FAMILY_JOIN_WINDOW_MS },
};

/** Everything a feature needs from the outside world, passed in so tests can build the real app. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Current time; tests pass a controllable clock. */
  now: () => Date;
  rateLimits: RateLimits;
}

declare const brand: unique symbol;
/** A number that the compiler keeps apart from other numbers: a family id is not a user id. */
type Brand<B extends string> = number & { readonly [brand]: B };
/** A person: their sessions, sign-ins, password, bug reports and votes. */
export type UserId = Brand<'UserId'>;
/** A family: its students, decks, cards, pictures, recordings, progress, PIN and invites. */
export type FamilyId = Brand<'FamilyId'>;
export type StudentId = Brand<'StudentId'>;
export type DeckId = Brand<'DeckId'>;
export type CardId = Brand<'CardId'>;

/** Who is asking: built once per request by the session loader (http/sessions.ts). */
export interface Actor {
  /** The person signed in: their sign-ins, bug reports and votes. */
  id: UserId;
  sessionId: number;
  /** The family whose students, decks, cards, pictures, recordings and progress this person sees and changes. */
  familyId: FamilyId;
  /** The family's holder, or an adult who joined it. */
  role: 'holder' | 'member';
  /** In child mode, the one student this session may work for (features/access, `childMay`); null otherwise. */
  childStudentId: StudentId | null;
}
/** The actor under its earlier name. */
export type SessionUser = Actor;
/**
 * What a service of the family's rows reads of the actor: its family. Routes pass the actor
 * whole and never pick its ids (lint holds route files to it).
 */
export type FamilyScope = Pick<Actor, 'familyId'>;

export interface AppEnv {
  Variables: {
    /** The request's actor (null when signed out). */
    user: Actor | null;
    /** Offered by the header middleware when a handler may build its answer complete (http/answers.ts). */
    completeHeaders: CompleteHeaders | undefined;
    /** The answer a handler built with them, which the header middleware then leaves alone. */
    completeAnswer: Response | undefined;
  };
}

/** A feature router whose zod validation failures answer 400 `{ error, code, fields }`. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidInput(result.error);
    },
  });
}

/** The actor of a request that passed `requireUser`. */
export function actor(c: { get(key: 'user'): Actor | null }): Actor {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthorized', 'Sign-in required');
  return user;
}

/** The actor under its earlier name. */
export const currentUser = actor;

/** The key under which a per-person limit counts the actor's attempts (the person's, not the family's). */
export const personKey = (who: Pick<Actor, 'id'>): string => `user:${who.id}`;
