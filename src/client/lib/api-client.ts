import type { FieldError } from '@shared/schemas/common';
import { noteServerReached } from './online';

/** An API call that failed: carries the server's `{ error, code, fields }` when there was one. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldError[] = [],
    /** With 429: seconds until the attempt may be tried again (the server's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * How long data read for a page counts as fresh, for pages that read anew on every visit: long
 * enough that a read started at boot (app/first-view.ts) is not repeated when the page mounts.
 */
export const VISIT_STALE_MS = 5_000;

export const NETWORK_ERROR_MESSAGE =
  'Network error: Unable to connect to server. Please check your connection and try again.';

interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * The answer to a GET of `path` that index.html's early script already sent (lib/early-reads.ts),
 * once: a later read of the same path asks the server afresh.
 */
function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.earlyReads;
  const answer = reads?.get(path);
  reads?.delete(path);
  return answer;
}

/** Forgets the early reads no page took (the first screen has read what it needed). */
export function forgetEarlyReads(): void {
  if (typeof window !== 'undefined') window.earlyReads = undefined;
}

/** Calls the API and returns its JSON; throws ApiRequestError for any non-2xx or network failure. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  let res: Response;
  try {
    res = await ((method === 'GET' && !options.signal && takeEarlyRead(path)) ||
      fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    noteServerReached(false);
    throw new ApiRequestError(NETWORK_ERROR_MESSAGE, 0, 'network_error');
  }
  noteServerReached(true);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const errBody = (data ?? {}) as { error?: unknown; code?: unknown; fields?: FieldError[] };
    const message = typeof errBody.error === 'string' ? errBody.error : `Server error (${res.status})`;
    const code = typeof errBody.code === 'string' ? errBody.code : 'http_error';
    const retryAfter = Number(res.headers.get('retry-after')) || undefined;
    throw new ApiRequestError(
      message,
      res.status,
      code,
      Array.isArray(errBody.fields) ? errBody.fields : [],
      retryAfter,
    );
  }
  return data as T;
}

/** A read answered 404, or 400 for an id the server refuses: the page shows its not-found screen. */
export const isNotFound = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 404 || err.status === 400);

/** The server's message for an error, or the fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return err.status === 0 ? NETWORK_ERROR_MESSAGE : err.message;
  return fallback;
}
