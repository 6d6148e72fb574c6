import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Config } from './config';

/** pino's logger: `logger.info({ fields }, 'message')`, one JSON line per event. */
export type Logger = pino.Logger;

/** Field names that hold a secret wherever they appear: at the top level or one level down. */
const SECRET_FIELDS = [
  'password',
  'token',
  'sessionToken',
  'access_token',
  'id_token',
  'refresh_token',
  'secret',
  'client_secret',
  'clientSecret',
  'cookie',
  'authorization',
  'verifier',
  // Child mode's parent PIN (features/child-mode).
  'pin',
  'current_pin',
  'pin_hash',
  'code_verifier',
  'nonce',
  'state',
];
/**
 * A safety net: call sites pass no secrets, but a request, its headers or body logged whole would
 * carry cookies, credentials and OAuth codes. `code` is redacted only where an OAuth code arrives
 * (an error's `code` stays readable).
 */
const REDACT = [
  ...SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]),
  ...['code', 'body.code', 'query.code', 'params.code', 'flow.code'],
  ...['headers', 'req.headers', 'res.headers'].flatMap((h) => [
    `${h}.cookie`,
    `${h}.authorization`,
    `${h}["set-cookie"]`,
  ]),
];

/**
 * The app's logger: JSON lines on stdout (or to `write`, one line per call, for tests) with the
 * level's name, an ISO time and `msg`; secrets redacted. `silent` logs nothing.
 */
export function createLogger(level: Config['logLevel'], write?: (line: string) => void): Logger {
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: REDACT,
    },
    write ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) } : undefined,
  );
}

/**
 * The one deliberate exception to redaction: the bug board's generated admin password, which an
 * operator who set none can only learn from the log (README "Bug board").
 */
export const unredacted = (logger: Logger): Logger => logger.child({}, { redact: [] });

/** A client's own request id, when it is a plain token (a UUID, a proxy's hex id, …). */
const SANE_REQUEST_ID = /^[\w.:=+/@-]{1,128}$/;
const requestLoggers = new WeakMap<object, Logger>();

/**
 * The logger for one request's lines: each carries `reqId`, the request's `X-Request-Id` when it
 * is sane or else a new UUID. Made on the first line the request logs, so a request that logs
 * nothing costs nothing.
 */
export function requestLogger(logger: Logger, c: { req: { header(name: string): string | undefined } }): Logger {
  let child = requestLoggers.get(c);
  if (!child) {
    const incoming = c.req.header('x-request-id');
    child = logger.child({ reqId: incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID() });
    requestLoggers.set(c, child);
  }
  return child;
}
