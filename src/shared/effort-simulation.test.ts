import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { EFFORT_RETENTIONS, cardsFromMemory, nonDecreasing, simulateEffort, uniform } from './effort-simulation';
import { schedulerFor } from './srs';

const DAY = 86_400_000;
const now = Date.parse('2026-11-26T12:00:00.000Z');

/** Known cards as a child would have them: answered over the last weeks by the real scheduler. */
function studiedCards(count: number) {
  const s = schedulerFor({ desired_retention: 0.9 });
  return Array.from({ length: count }, (_, i) => {
    let at = now - (20 + (i % 15)) * DAY;
    let m = s.apply(null, i + 1, { rating: 'good', reviewed_at: new Date(at).toISOString() });
    while (Date.parse(m.due) < now - 3 * DAY) {
      at = Date.parse(m.due);
      m = s.apply(m, i + 1, { rating: i % 5 === 0 ? 'again' : 'good', reviewed_at: new Date(at).toISOString() });
    }
    return m;
  });
}

describe('effort simulation', () => {
  const cards = cardsFromMemory(studiedCards(150), now);
  const input = { parameters: default_w, cards, new_cards: 200, new_per_day: 10, max_reviews_per_day: 500 };

  it('reads answered cards from memory states, leaving new ones out', () => {
    expect(cards).toHaveLength(150);
    for (const c of cards) {
      expect(c.stability).toBeGreaterThan(0);
      expect(c.elapsed).toBeGreaterThanOrEqual(3);
      expect(c.due_in).toBeGreaterThanOrEqual(0);
    }
    const fresh = { state: 'new', due: null, stability: 0, difficulty: 0, last_review: null } as const;
    const overdue = {
      state: 'review',
      due: new Date(now - 5 * DAY).toISOString(),
      stability: 4,
      difficulty: 5,
      last_review: new Date(now - 9 * DAY).toISOString(),
    } as const;
    expect(cardsFromMemory([fresh, overdue], now)).toEqual([{ stability: 4, difficulty: 5, elapsed: 9, due_in: 0 }]);
  });

  it('gives every retention from 80 % to 97 %, costing more reviews as the retention rises', () => {
    const points = simulateEffort(input);
    expect(points.map((p) => p.retention)).toEqual(EFFORT_RETENTIONS);
    expect(EFFORT_RETENTIONS[0]).toBe(0.8);
    expect(EFFORT_RETENTIONS.at(-1)).toBe(0.97);
    for (let k = 1; k < points.length; k++)
      expect(points[k]!.reviews_per_day).toBeGreaterThanOrEqual(points[k - 1]!.reviews_per_day);
    // 97 % costs well over what 80 % costs, and keeps more cards remembered.
    expect(points.at(-1)!.reviews_per_day).toBeGreaterThan(1.8 * points[0]!.reviews_per_day);
    expect(points.at(-1)!.remembered).toBeGreaterThan(points[0]!.remembered);
    // 200 new cards at 10 a day over 90 days.
    for (const p of points) expect(p.new_per_day).toBeCloseTo(200 / 90, 6);
  });

  it('gives the same figures for the same input', () => {
    expect(simulateEffort(input)).toEqual(simulateEffort(input));
  });

  it('costs more for a child who forgets faster', () => {
    // Initial stabilities a quarter of the defaults, and a steeper forgetting curve: a child who forgets faster.
    const faster = default_w.map((x, i) => (i < 4 ? x / 4 : i === 20 ? 0.5 : x));
    const [atDefault] = simulateEffort({ ...input, cards: [] }, [0.9]);
    const [atFaster] = simulateEffort({ ...input, cards: [], parameters: faster }, [0.9]);
    expect(atFaster!.reviews_per_day).toBeGreaterThan(atDefault!.reviews_per_day);
  });

  it('never shows more cards a day than the limit allows', () => {
    const tight = simulateEffort({ ...input, max_reviews_per_day: 10 }, [0.97])[0]!;
    // At most 10 due cards a day, each at most two answers (a lapse and its relearning step).
    expect(tight.reviews_per_day).toBeLessThanOrEqual(20);
    const none = simulateEffort({ ...input, cards: [], new_cards: 0 }, [0.9])[0]!;
    expect(none).toEqual({ retention: 0.9, reviews_per_day: 0, new_per_day: 0, remembered: 0 });
  });

  it('smooths noise into the closest non-decreasing series', () => {
    expect(nonDecreasing([1, 3, 2, 4])).toEqual([1, 2.5, 2.5, 4]);
    expect(nonDecreasing([5, 4, 3])).toEqual([4, 4, 4]);
    expect(nonDecreasing([1, 2, 3])).toEqual([1, 2, 3]);
    expect(nonDecreasing([])).toEqual([]);
  });

  it('draws uniform numbers in [0, 1) that do not repeat with the card or the review', () => {
    const xs = Array.from({ length: 2000 }, (_, i) => uniform(26, i % 100, Math.floor(i / 100)));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
    expect(new Set(xs).size).toBe(xs.length);
  });
});
