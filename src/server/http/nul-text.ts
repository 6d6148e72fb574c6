import type { Context } from 'hono';
import { ApiError } from './errors';

const NUL = '\u0000';

const refused = (field: string) =>
  new ApiError(400, 'invalid_input', `Invalid input: ${field}`, [
    { field, code: 'invalid_string', message: 'Text must not contain the NUL character' },
  ]);

/** The name of the first JSON property whose key or string value holds NUL, if any. */
function nulFieldInJson(text: string): string | null {
  if (!text.includes('\\u0000') && !text.includes(NUL)) return null;
  let found: string | null = null;
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (found === null && (key.includes(NUL) || (typeof value === 'string' && value.includes(NUL)))) {
        found = key.replaceAll(NUL, '\\u0000') || '(body)';
      }
      return value;
    });
  } catch {
    // Not JSON (or nested too deep to revive): the route's own validation answers it.
  }
  return found;
}

/**
 * Refuses request bodies whose text holds U+0000. PostgreSQL cannot store NUL in a text column
 * (the statement fails, even a lookup), so without this such input was a 500 on PostgreSQL and
 * stored as-is on SQLite; found by the fuzz suite. Checked once here so that every JSON and
 * multipart field, present and future, is covered. Reads through Hono's body cache, so the route
 * does not read the body twice. Called by the API guard (http/api-guard.ts) for requests with a
 * Content-Type; the others have no body to check.
 */
export async function refuseNulText(c: Context): Promise<void> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    const field = nulFieldInJson(await c.req.text());
    if (field !== null) throw refused(field);
  } else if (type.startsWith('multipart/form-data')) {
    // Parsed from the cached bytes: a rejected c.req.formData() would stay in Hono's body cache and
    // turn the route's own read of a malformed body into a 500. A good form is handed on to parseBody.
    const bytes = await c.req.arrayBuffer();
    const headers = { 'content-type': c.req.header('content-type')! }; // the boundary is case-sensitive
    const form = await new Response(bytes, { headers }).formData().catch(() => null);
    // Hono keeps promises in its body cache (typed as the values); parseBody awaits this one.
    if (form) c.req.bodyCache.formData = Promise.resolve(form) as unknown as FormData;
    for (const [key, value] of form ?? []) {
      const text = typeof value === 'string' ? value : '';
      if (key.includes(NUL) || text.includes(NUL)) throw refused(key.replaceAll(NUL, '\\u0000'));
    }
  }
}
