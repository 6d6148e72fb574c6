import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed, JSONValue } from 'hono/utils/types';
import type { AppEnv } from '../context';

/**
 * Answers built with their final headers, for the hot reads. The header middleware
 * (http/security.ts) would otherwise set a dozen headers on each finished response, which turns its
 * plain header object into a Headers object that the Node adapter then copies back out: several µs
 * per answer, on answers that cost a few tens of µs in all (bench/README.md). The middleware offers
 * the headers (`c.var.completeHeaders`) only when nothing will change the answer after the handler
 * (an API GET without Accept-Encoding), and leaves the answers built here alone.
 *
 * The header records list the headers sorted by name in lower case, then Content-Length: exactly
 * the bytes the Node adapter sends for the same answer built through Headers.
 */
/**
 * Header templates: every header of the answer, the values to fill in as '', then Content-Length.
 * Filled in on a copy: copying a template is cheap, adding properties to the copy is not (V8).
 */
type Template = Record<string, string>;

export interface CompleteHeaders {
  /** A JSON answer's template. */
  json: Template;
  /** The template of an answer with these extra headers (lower-case names), and the names to fill in. */
  extra(headers: Record<string, string>): { template: Template; fill: string[] };
}

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Whether `headers` has exactly these names, in this order (a route builds its headers the same way each time). */
function hasNames(headers: Record<string, string>, names: string[]): boolean {
  let i = 0;
  for (const name in headers) if (names[i++] !== name) return false;
  return i === names.length;
}

/** The complete-header templates of an app, from its security headers (http/security.ts). */
export function completeHeaders(security: [string, string][]): CompleteHeaders {
  const own = new Set(security.map(([name]) => name));
  // A security header keeps its own value, as in the header middleware (which sets them last).
  const template = (extra: [string, string][]): Template => ({
    ...Object.fromEntries([...extra.filter(([name]) => !own.has(name)), ...security].sort(byName)),
    'Content-Length': '',
  });
  // One per set of extra header names: a handful in all (the routes that use sendBody).
  const templates: { names: string[]; template: Template; fill: string[] }[] = [];
  return {
    json: template([
      ['cache-control', 'no-store'],
      ['content-type', 'application/json'],
    ]),
    extra(headers) {
      let entry = templates.find((t) => hasNames(headers, t.names));
      if (!entry) {
        const names = Object.keys(headers);
        const fill = names.filter((name) => !own.has(name));
        entry = { names, template: template(fill.map((name) => [name, ''])), fill };
        templates.push(entry);
      }
      return entry;
    },
  };
}

/** Whether the answer of the request was built here, with every header it needs. */
export const isComplete = (c: Context<AppEnv>) => {
  const answer = c.get('completeAnswer');
  return answer !== undefined && answer === c.res;
};

function answer(c: Context<AppEnv>, body: string | Uint8Array<ArrayBuffer>, status: number, headers: Template) {
  headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  const res = new Response(body, { status, headers });
  c.set('completeAnswer', res);
  return res;
}

/** What `c.json(value, status)` returns, for the route's response types. */
type JsonAnswer<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

/** `c.json(value, status)`, with its final headers when the request allows it. */
export function sendJson<T extends JSONValue | object, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  value: T,
  status: S,
): JsonAnswer<T, S> {
  const complete = c.get('completeHeaders');
  if (!complete) return c.json(value, status) as JsonAnswer<T, S>;
  return answer(c, JSON.stringify(value), status, { ...complete.json }) as JsonAnswer<T, S>;
}

/**
 * A body with these headers (lower-case names), with the security and content-length headers added
 * when the request allows it, or else through `c.body` and the header middleware.
 */
export function sendBody(
  c: Context<AppEnv>,
  body: Uint8Array,
  status: ContentfulStatusCode,
  headers: Record<string, string>,
): Response {
  const complete = c.get('completeHeaders');
  // The web types want an ArrayBuffer-backed array; a Buffer (e.g. from the database) does as well.
  const bytes = body as Uint8Array<ArrayBuffer>;
  if (!complete) return c.body(bytes, status, headers);
  const { template, fill } = complete.extra(headers);
  const all = { ...template };
  for (const name of fill) all[name] = headers[name]!;
  return answer(c, bytes, status, all);
}
