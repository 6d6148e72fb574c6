import { CLAMP_PARAMETERS, W17_W18_Ceiling, default_w, fsrs } from 'ts-fsrs';
import { RATINGS, type ReviewRating } from './constants';

/**
 * A schedule fitted to one child (issue 26): their FSRS-6 parameters, how they were proven, and the
 * pure pieces both sides use: the review log as the optimizer's items, and the metrics of
 * srs-benchmark (log loss, RMSE over bins) with the calibration table shown to parents.
 */

/** FSRS-6 has 21 parameters (ts-fsrs 5 and @open-spaced-repetition/binding 0.5 alike). */
export const FSRS_PARAMETER_COUNT = 21;
export const DEFAULT_PARAMETERS: readonly number[] = Object.freeze([...default_w]);

/**
 * The optimizer's bounds for each parameter (fsrs-rs's parameter clipper, which ts-fsrs mirrors as
 * CLAMP_PARAMETERS; short-term on, one relearning step as src/shared/srs.ts schedules).
 */
export const PARAMETER_BOUNDS: readonly (readonly [number, number])[] = Object.freeze(
  CLAMP_PARAMETERS(W17_W18_Ceiling, true).map(([lo, hi]) => Object.freeze([lo!, hi!] as const)),
);

/** Fewest answers we tune from: below a few hundred the fit follows noise (the optimizer itself keeps its defaults below ~64 items). */
export const TUNE_MIN_REVIEWS = 400;
/** Fewest days between the first and the last answer: forgetting shows over weeks, not in one sitting. */
export const TUNE_MIN_DAYS = 14;
/** Newer answers since the last tuning before the weekly run tunes again. */
export const TUNE_MIN_NEW_REVIEWS = 100;
/** The weekly run tunes a child at most this often. */
export const TUNE_INTERVAL_MS = 7 * 86_400_000;
/** Share of the most recent answers kept out of the fit and used to compare tuned with default. */
export const HELD_OUT_SHARE = 0.2;
/**
 * Reviews of one card that become training items: a card answered 10,000 times would otherwise give
 * 10,000 items of up to 10,000 reviews each; its later answers add nothing the first ones did not.
 */
export const MAX_REVIEWS_PER_CARD = 128;
/** Bins of predicted recall in the calibration table (0–10 %, …, 90–100 %). */
export const CALIBRATION_BINS = 10;

const DAY_MS = 86_400_000;

/** Whether `p` is a full FSRS-6 parameter set: finite and within the optimizer's bounds. */
export function validParameters(p: unknown): p is number[] {
  return (
    Array.isArray(p) &&
    p.length === FSRS_PARAMETER_COUNT &&
    p.every((x, i) => {
      const [lo, hi] = PARAMETER_BOUNDS[i]!;
      return typeof x === 'number' && Number.isFinite(x) && x >= lo - 1e-9 && x <= hi + 1e-9;
    })
  );
}

/** One answer of the log, as the tuning reads it. */
export interface LoggedAnswer {
  card_id: number;
  rating: ReviewRating;
  reviewed_at: string;
}

/** One review in the optimizer's terms: rating 1–4 and whole days since the card's previous review (0 for the first). */
export type ItemReview = readonly [rating: number, deltaT: number];

/** One training or test item: a card's reviews up to one answer (the last), and when that answer was given. */
export interface Item {
  reviews: ItemReview[];
  at: number;
}

/**
 * The log as the optimizer's FSRSItems (fsrs-rs: one item per review after a card's first, holding
 * that card's reviews so far, the first with delta_t 0). Times are read as given; an answer dated
 * before the card's previous one (a device clock behind) counts as the same moment (0 days), never
 * negative. At most MAX_REVIEWS_PER_CARD reviews of a card are used.
 */
export function itemsOf(log: readonly LoggedAnswer[]): Item[] {
  const byCard = new Map<number, { t: number; g: number; i: number }[]>();
  log.forEach((r, i) => {
    const t = Date.parse(r.reviewed_at);
    const g = RATINGS.indexOf(r.rating) + 1;
    if (!Number.isFinite(t) || g < 1) return;
    const list = byCard.get(r.card_id) ?? [];
    list.push({ t, g, i });
    byCard.set(r.card_id, list);
  });
  const items: Item[] = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => a.t - b.t || a.i - b.i);
    const reviews: ItemReview[] = [];
    let last = list[0]!.t;
    for (const r of list.slice(0, MAX_REVIEWS_PER_CARD)) {
      const deltaT = reviews.length === 0 ? 0 : Math.max(0, Math.floor((r.t - last) / DAY_MS));
      reviews.push([r.g, deltaT]);
      last = Math.max(last, r.t);
      if (reviews.length > 1) items.push({ reviews: [...reviews], at: r.t });
    }
  }
  return items.sort((a, b) => a.at - b.at);
}

/**
 * The items the optimizer accepts: fsrs-rs requires at least one review with delta_t > 0 in an item
 * (a card answered only on its first day so far), and binding 0.5 aborts the whole process on one
 * without: they are never sent.
 */
export const trainable = (items: readonly Item[]): Item[] => items.filter((i) => i.reviews.some(([, d]) => d > 0));

/** The items split by time: the fit sees `train`, the most recent HELD_OUT_SHARE are `test`. */
export function timeSplit(items: readonly Item[]): { train: Item[]; test: Item[] } {
  const cut = Math.floor(items.length * (1 - HELD_OUT_SHARE));
  return { train: items.slice(0, cut), test: items.slice(cut) };
}

/** One prediction on a held-out answer: predicted recall p, outcome y, and what RMSE(bins) groups by. */
export interface Prediction {
  p: number;
  y: 0 | 1;
  /** Days since the card's previous review. */
  delta_t: number;
  /** How many reviews the card had before this one (srs-benchmark's `i`). */
  i: number;
  /** Lapses (again after the first review) before this one. */
  lapses: number;
}

/**
 * What the memory model with `parameters` predicts for the last review of each item: recall from
 * the memory state after the earlier reviews (ts-fsrs's next_state and forgetting curve, as the
 * optimizer computes them). Only answers after at least one day count (same-day repeats test the
 * short-term steps, not memory), as srs-benchmark evaluates.
 */
export function predict(parameters: readonly number[], items: readonly Item[]): Prediction[] {
  const f = fsrs({ w: [...parameters], enable_short_term: true });
  const out: Prediction[] = [];
  for (const item of items) {
    const [rating, deltaT] = item.reviews.at(-1)!;
    if (deltaT < 1) continue;
    let state: { stability: number; difficulty: number } | null = null;
    let lapses = 0;
    item.reviews.slice(0, -1).forEach(([g, t], k) => {
      state = f.next_state(state, t, g);
      if (k > 0 && g === 1) lapses += 1;
    });
    const p = f.forgetting_curve(deltaT, state!.stability);
    if (!Number.isFinite(p)) continue;
    out.push({ p, y: rating > 1 ? 1 : 0, delta_t: deltaT, i: item.reviews.length - 1, lapses });
  }
  return out;
}

const clip = (p: number) => Math.min(1 - 1e-7, Math.max(1e-7, p));

/** Mean log loss (binary cross-entropy) of the predictions; lower is better. */
export function logLoss(ps: readonly Prediction[]): number {
  if (ps.length === 0) return NaN;
  let sum = 0;
  for (const { p, y } of ps) sum -= y === 1 ? Math.log(clip(p)) : Math.log(1 - clip(p));
  return sum / ps.length;
}

/** srs-benchmark's bin of a value: round(a · b^floor(log_b x)), to `digits` decimals. */
const bin = (x: number, a: number, b: number, digits: number) => {
  const v = a * Math.pow(b, Math.floor(Math.log(x) / Math.log(b)));
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

/**
 * RMSE(bins) as srs-benchmark defines it (rmse_matrix): answers grouped by delta_t bin
 * (2.48 · 3.62^⌊log₃.₆₂ t⌋), review-count bin (1.99 · 1.89^⌊log₁.₈₉ i⌋) and lapse bin
 * (1.65 · 1.73^⌊log₁.₇₃ l⌋, 0 for none); the RMSE between each group's mean outcome and mean
 * prediction, weighted by the group's size.
 */
export function rmseBins(ps: readonly Prediction[]): number {
  if (ps.length === 0) return NaN;
  const groups = new Map<string, { y: number; p: number; n: number }>();
  for (const x of ps) {
    const key = [
      bin(Math.max(x.delta_t, 1e-6), 2.48, 3.62, 2),
      bin(Math.max(x.i, 1), 1.99, 1.89, 0),
      x.lapses === 0 ? 0 : bin(x.lapses, 1.65, 1.73, 0),
    ].join(' ');
    const g = groups.get(key) ?? { y: 0, p: 0, n: 0 };
    g.y += x.y;
    g.p += x.p;
    g.n += 1;
    groups.set(key, g);
  }
  let sum = 0;
  let n = 0;
  for (const g of groups.values()) {
    sum += g.n * ((g.y - g.p) / g.n) ** 2;
    n += g.n;
  }
  return Math.sqrt(sum / n);
}

/** One bin of predicted recall: mean predicted and actual recall (0–1) and how many answers. */
export interface CalibrationBin {
  predicted: number;
  actual: number;
  count: number;
}

/** Predicted against actual recall in CALIBRATION_BINS bins of predicted recall (empty bins left out). */
export function calibration(ps: readonly Prediction[]): CalibrationBin[] {
  const bins = Array.from({ length: CALIBRATION_BINS }, () => ({ p: 0, y: 0, n: 0 }));
  for (const { p, y } of ps) {
    const b = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(p * CALIBRATION_BINS))]!;
    b.p += p;
    b.y += y;
    b.n += 1;
  }
  return bins
    .filter((b) => b.n > 0)
    .map((b) => ({ predicted: round4(b.p / b.n), actual: round4(b.y / b.n), count: b.n }));
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

export interface Evaluation {
  log_loss: { default: number; tuned: number };
  rmse_bins: { default: number; tuned: number };
  held_out_reviews: number;
}

/** Tuned against default parameters on the same held-out items; `better` when tuned predicts better on both. */
export function evaluate(
  tuned: readonly number[],
  test: readonly Item[],
): { evaluation: Evaluation; calibration: { default: CalibrationBin[]; tuned: CalibrationBin[] }; better: boolean } {
  const d = predict(DEFAULT_PARAMETERS, test);
  const t = predict(tuned, test);
  const evaluation = {
    log_loss: { default: round4(logLoss(d)), tuned: round4(logLoss(t)) },
    rmse_bins: { default: round4(rmseBins(d)), tuned: round4(rmseBins(t)) },
    held_out_reviews: t.length,
  };
  const better =
    t.length > 0 &&
    logLoss(t) < logLoss(d) &&
    rmseBins(t) <= rmseBins(d) &&
    Number.isFinite(logLoss(t)) &&
    Number.isFinite(rmseBins(t));
  return { evaluation, calibration: { default: calibration(d), tuned: calibration(t) }, better };
}
