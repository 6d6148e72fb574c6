import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_CARDS_MAX } from '@shared/constants';
import type { ImportRow } from '../text-import';
import { addCards, BulkImportError } from './transfer-api';

const rows: ImportRow[] = Array.from({ length: 2 * BULK_CARDS_MAX + 123 }, (_, i) => ({
  row: i + 2,
  card: { en: `word ${i}`, es: `palabra ${i}` },
}));

/** Records each cards/bulk body; `fail` answers the request with that index as the server answers a bad row. */
function stubBulk(fail?: { at: number; field: string }) {
  const bodies: { cards: { en: string }[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { cards: { en: string }[] };
      bodies.push(body);
      if (fail && bodies.length - 1 === fail.at) {
        return new Response(
          JSON.stringify({
            error: 'Invalid input',
            code: 'invalid_input',
            fields: [{ field: fail.field, code: 'too_big', message: 'Too long', maximum: 500 }],
          }),
          { status: 400 },
        );
      }
      return new Response(JSON.stringify({ created: body.cards.length }), { status: 201 });
    }),
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('addCards (POST /api/decks/{id}/cards/bulk)', () => {
  it('sends at most BULK_CARDS_MAX cards per request, in order, reporting progress between requests', async () => {
    const bodies = stubBulk();
    const progress: number[] = [];
    const done = await addCards(4, rows, 0, (p) => progress.push(p.done));
    expect(done).toBe(rows.length);
    expect(bodies.map((b) => b.cards.length)).toEqual([BULK_CARDS_MAX, BULK_CARDS_MAX, 123]);
    expect(bodies[1]!.cards[0]!.en).toBe(`word ${BULK_CARDS_MAX}`);
    expect(progress).toEqual([0, BULK_CARDS_MAX, 2 * BULK_CARDS_MAX, rows.length]);
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/decks/4/cards/bulk');
  });

  it('a refused request says how many were added and which source rows the server named; a retry goes on from there', async () => {
    stubBulk({ at: 1, field: 'cards.12.es' });
    const error = await addCards(4, rows, 0, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkImportError);
    const failure = error as BulkImportError;
    expect(failure.done).toBe(BULK_CARDS_MAX);
    expect(failure.rows).toEqual([
      { row: BULK_CARDS_MAX + 12 + 2, field: 'es', error: expect.objectContaining({ code: 'too_big', maximum: 500 }) },
    ]);

    const bodies = stubBulk();
    expect(await addCards(4, rows, failure.done, () => undefined)).toBe(rows.length);
    expect(bodies.map((b) => b.cards[0]!.en)).toEqual([`word ${BULK_CARDS_MAX}`, `word ${2 * BULK_CARDS_MAX}`]);
  });
});
