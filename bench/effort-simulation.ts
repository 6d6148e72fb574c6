// `npx tsx bench/effort-simulation.ts` (issue 26): how long the learning settings' effort chart takes
// to work out (src/shared/effort-simulation.ts: 18 retentions × 90 days) for decks of several sizes,
// which is why the browser runs it in a Web Worker (over ~50 ms it would hold up the page). The
// known cards are a child's real memory: each answered by the app's scheduler over the past weeks.
// Prints the figures as JSON (median of 5 runs after one warm-up).
import { performance } from 'node:perf_hooks';
import { cardsFromMemory, simulateEffort } from '../src/shared/effort-simulation';
import { DEFAULT_PARAMETERS } from '../src/shared/schedule';
import { schedulerFor, type ReviewedMemory } from '../src/shared/srs';

const DAY = 86_400_000;
const now = Date.now();
const scheduler = schedulerFor({ desired_retention: 0.9 });

function known(count: number) {
  const out: ReviewedMemory[] = [];
  for (let i = 0; i < count; i++) {
    let at = now - (10 + (i % 60)) * DAY;
    let m = scheduler.apply(null, i + 1, { rating: 'good', reviewed_at: new Date(at).toISOString() });
    while (Date.parse(m.due) < now) {
      at = Date.parse(m.due);
      m = scheduler.apply(m, i + 1, {
        rating: i % 7 === 0 ? 'again' : 'good',
        reviewed_at: new Date(at).toISOString(),
      });
    }
    out.push(m);
  }
  return cardsFromMemory(out, now);
}

const sizes = [
  { known: 100, unseen: 100 },
  { known: 500, unseen: 500 },
  { known: 2_000, unseen: 500 },
  { known: 5_000, unseen: 1_000 },
];
const results = sizes.map((size) => {
  const input = {
    parameters: DEFAULT_PARAMETERS,
    cards: known(size.known),
    new_cards: size.unseen,
    new_per_day: 10,
    max_reviews_per_day: 200,
  };
  simulateEffort(input);
  const ms = Array.from({ length: 5 }, () => {
    const t = performance.now();
    simulateEffort(input);
    return performance.now() - t;
  }).sort((a, b) => a - b);
  return { ...size, median_ms: Math.round(ms[2]!) };
});
console.log(JSON.stringify({ node: process.version, results }, null, 2));
