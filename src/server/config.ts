import path from 'node:path';
import { z } from 'zod';
import {
  ANKI_IMPORT_MEMORY_MB,
  ANKI_IMPORT_THREADS,
  ANKI_IMPORT_TIME_BUDGET_S,
  SESSION_IDLE_DAYS_DEFAULT,
  SESSION_MAX_DAYS_DEFAULT,
} from '@shared/constants';

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: boolFlag.default(false),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).default('Single sign-on'),
    OIDC_ALLOW_HTTP: boolFlag.default(false),
    LOCAL_ACCOUNTS: boolFlag.default(true),
    BUG_ADMIN_PASSWORD: z.string().min(1).optional(),
    SESSION_IDLE_DAYS: z.coerce.number().positive().default(SESSION_IDLE_DAYS_DEFAULT),
    SESSION_MAX_DAYS: z.coerce.number().positive().default(SESSION_MAX_DAYS_DEFAULT),
    RATE_LIMIT_LOGIN: z.coerce.number().int().positive().optional(),
    RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().optional(),
    RATE_LIMIT_BUG_CLOSE: z.coerce.number().int().positive().optional(),
    RATE_LIMIT_FAMILY_JOIN: z.coerce.number().int().positive().optional(),
    ANKI_IMPORT_THREADS: z.coerce.number().int().min(1).max(64).default(ANKI_IMPORT_THREADS),
    ANKI_IMPORT_TIME_BUDGET_S: z.coerce.number().positive().default(ANKI_IMPORT_TIME_BUDGET_S),
    ANKI_IMPORT_MEMORY_MB: z.coerce.number().int().min(16).default(ANKI_IMPORT_MEMORY_MB),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      });
    }
    if ((env.GOOGLE_CLIENT_ID || env.OIDC_ISSUER) && !env.PUBLIC_URL) {
      // Sign-in redirects must never be built from request headers (a forged Host would receive the code).
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'required when a sign-in provider is configured: the address people use, e.g. https://cards.example.org (the provider redirects to PUBLIC_URL/auth/callback)',
      });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'required when OIDC_ISSUER is set' });
    }
  });

export interface OidcProviderConfig {
  id: 'google' | 'oidc';
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  allowHttp: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` or an absolute path to the SQLite file. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string | null;
  secureCookies: boolean;
  trustProxy: boolean;
  localAccounts: boolean;
  oidcProviders: OidcProviderConfig[];
  bugAdminPassword: string | null;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Threads reading Anki packages, and each package's time and heap budget (features/transfer/anki-pool.ts). */
  ankiImport: { threads: number; timeBudgetMs: number; memoryBudgetMb: number };
  /** Overrides of the default attempt counts per window (DEFAULT_RATE_LIMITS). */
  rateLimitMax: { login?: number; signup?: number; bugClose?: number; familyJoin?: number };
}

/** Reads the environment into a frozen Config; throws listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: Config['database'] =
    e.DATABASE_URL && e.DATABASE_URL.startsWith('postgres')
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: e.DATABASE_URL
            ? path.resolve(e.DATABASE_URL.slice('sqlite:'.length))
            : path.join(dataDir, 'flashcards.db'),
        };
  const oidcProviders: OidcProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID) {
    oidcProviders.push({
      id: 'google',
      name: 'Google',
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      allowHttp: e.OIDC_ALLOW_HTTP,
    });
  }
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID) {
    oidcProviders.push({
      id: 'oidc',
      name: e.OIDC_NAME,
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      allowHttp: e.OIDC_ALLOW_HTTP,
    });
  }
  const day = 24 * 60 * 60 * 1000;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/$/, '') : null,
    secureCookies: Boolean(e.PUBLIC_URL?.startsWith('https://')),
    trustProxy: e.TRUST_PROXY,
    localAccounts: e.LOCAL_ACCOUNTS,
    oidcProviders,
    bugAdminPassword: e.BUG_ADMIN_PASSWORD ?? null,
    sessionIdleMs: e.SESSION_IDLE_DAYS * day,
    sessionMaxMs: e.SESSION_MAX_DAYS * day,
    logLevel: e.LOG_LEVEL,
    ankiImport: {
      threads: e.ANKI_IMPORT_THREADS,
      timeBudgetMs: e.ANKI_IMPORT_TIME_BUDGET_S * 1000,
      memoryBudgetMb: e.ANKI_IMPORT_MEMORY_MB,
    },
    rateLimitMax: {
      login: e.RATE_LIMIT_LOGIN,
      signup: e.RATE_LIMIT_SIGNUP,
      bugClose: e.RATE_LIMIT_BUG_CLOSE,
      familyJoin: e.RATE_LIMIT_FAMILY_JOIN,
    },
  });
}
