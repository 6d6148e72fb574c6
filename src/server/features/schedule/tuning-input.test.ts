import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  MAX_REVIEWS_PER_CARD,
  evaluate,
  itemsOf,
  logLoss,
  predict,
  rmseBins,
  timeSplit,
  trainable,
  validParameters,
  type LoggedAnswer,
} from '@shared/schedule';
import { fitParameters } from './optimizer';

// Awkward review logs through the real optimizer (fsrs-rs in its worker thread): each ends in
// parameters within the optimizer's bounds, or in a clear refusal, never NaN and never a crash.

const DAY = 86_400_000;
const T0 = Date.parse('2030-01-01T16:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

/** `cards` cards answered on days 0, 1, 3, 7, 14, 21 with `rating(card, k)`. */
function log(cards: number, rating: (card: number, k: number) => LoggedAnswer['rating']): LoggedAnswer[] {
  const out: LoggedAnswer[] = [];
  for (let c = 1; c <= cards; c++)
    [0, 1, 3, 7, 14, 21].forEach((d, k) =>
      out.push({ card_id: c, rating: rating(c, k), reviewed_at: at(T0 + d * DAY + c * 1000) }),
    );
  return out;
}

async function tune(answers: LoggedAnswer[]) {
  const { train, test } = timeSplit(itemsOf(answers));
  const parameters = await fitParameters(trainable(train).map((i) => i.reviews));
  return { parameters, ...evaluate(parameters, test) };
}

describe('tuning on awkward logs', () => {
  it('every answer correct: parameters within bounds, finite metrics', async () => {
    const r = await tune(log(100, () => 'good'));
    expect(validParameters(r.parameters)).toBe(true);
    expect(Number.isFinite(r.evaluation.log_loss.tuned)).toBe(true);
  });

  it('every answer wrong: parameters within bounds, finite metrics', async () => {
    const r = await tune(log(100, () => 'again'));
    expect(validParameters(r.parameters)).toBe(true);
    expect(Number.isFinite(r.evaluation.log_loss.tuned)).toBe(true);
    expect(Number.isFinite(r.evaluation.rmse_bins.tuned)).toBe(true);
  });

  it('a device clock behind: answers dated before the previous one count as 0 days, never negative', () => {
    const items = itemsOf([
      { card_id: 1, rating: 'good', reviewed_at: at(T0) },
      { card_id: 1, rating: 'good', reviewed_at: at(T0 + 3 * DAY) },
      { card_id: 1, rating: 'again', reviewed_at: at(T0 + 2 * DAY) },
      { card_id: 1, rating: 'good', reviewed_at: 'not a time' },
    ]);
    for (const item of items) for (const [, d] of item.reviews) expect(d).toBeGreaterThanOrEqual(0);
    expect(items.at(-1)!.reviews.map(([, d]) => d)).toEqual([0, 2, 1]);
  });

  it('10,000 answers on one card: at most MAX_REVIEWS_PER_CARD of them are used, and the fit ends', async () => {
    const answers: LoggedAnswer[] = Array.from({ length: 10_000 }, (_, k) => ({
      card_id: 7,
      rating: k % 5 === 0 ? 'again' : 'good',
      reviewed_at: at(T0 + k * 3_600_000),
    }));
    const items = itemsOf([...answers, ...log(80, (c, k) => ((c + k) % 4 === 0 ? 'again' : 'good'))]);
    expect(items.filter((i) => i.reviews.length > 6)).toHaveLength(MAX_REVIEWS_PER_CARD - 6);
    const r = await tune([...answers, ...log(80, (c, k) => ((c + k) % 4 === 0 ? 'again' : 'good'))]);
    expect(validParameters(r.parameters)).toBe(true);
  });

  it('items the optimizer would abort on (no review a day apart) are never sent', async () => {
    const sameDay = itemsOf([
      { card_id: 1, rating: 'good', reviewed_at: at(T0) },
      { card_id: 1, rating: 'good', reviewed_at: at(T0 + 600_000) },
    ]);
    expect(sameDay).toHaveLength(1);
    expect(trainable(sameDay)).toEqual([]);
    // An empty training set: the optimizer answers its defaults.
    expect(await fitParameters([])).toHaveLength(21);
  });

  it('refuses parameters that are NaN, out of bounds or of the wrong length', () => {
    expect(validParameters([...default_w])).toBe(true);
    expect(validParameters([...default_w.slice(0, 20), Number.NaN])).toBe(false);
    expect(validParameters([...default_w.slice(0, 20), 5])).toBe(false);
    expect(validParameters(default_w.slice(0, 19))).toBe(false);
    expect(validParameters('0.2,1.2')).toBe(false);
  });

  it('metrics: log loss and RMSE(bins) of perfect and of wrong predictions', () => {
    const perfect = [
      { p: 1, y: 1 as const, delta_t: 1, i: 1, lapses: 0 },
      { p: 0, y: 0 as const, delta_t: 3, i: 2, lapses: 1 },
    ];
    expect(logLoss(perfect)).toBeLessThan(1e-5);
    expect(rmseBins(perfect)).toBe(0);
    const wrong = perfect.map((x) => ({ ...x, p: 1 - x.p }));
    expect(rmseBins(wrong)).toBe(1);
    expect(Number.isFinite(logLoss(wrong))).toBe(true);
    // One bin holds answers of the same delta_t, review count and lapse bins: their means are compared.
    const pooled = [
      { p: 0.8, y: 1 as const, delta_t: 4, i: 2, lapses: 0 },
      { p: 0.8, y: 0 as const, delta_t: 5, i: 3, lapses: 0 },
    ];
    expect(rmseBins(pooled)).toBeCloseTo(0.3, 10);
    expect(predict(default_w, [])).toEqual([]);
  });
});
