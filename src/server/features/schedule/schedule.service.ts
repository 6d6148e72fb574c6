import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PARAMETERS,
  TUNE_INTERVAL_MS,
  TUNE_MIN_DAYS,
  TUNE_MIN_NEW_REVIEWS,
  TUNE_MIN_REVIEWS,
  evaluate,
  itemsOf,
  timeSplit,
  trainable,
  validParameters,
  type CalibrationBin,
  type Evaluation,
} from '@shared/schedule';
import { REVIEWED_AT_MAX_AGE_MS, type ReviewRating } from '@shared/constants';
import type { AppDeps } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ApiError, conflict } from '../../http/errors';
import { fitParameters } from './optimizer';
import {
  claimNext,
  deleteSchedule,
  dueForTuning,
  finishTuning,
  latestEvaluated,
  latestTuning,
  logSize,
  parametersOf,
  queueTuning,
  requeueStale,
  reviewLog,
  saveSchedule,
  scheduleOf,
  type TuningRow,
} from './schedule.repository';

/**
 * Each child's own FSRS parameters (issue 26): tuned from their review log by the FSRS optimizer in
 * a worker thread, driven by the `schedule_tunings` job table (survives a restart, claimed by one
 * instance), kept only when they predict the child's most recent answers better than the defaults.
 */

const DAY_MS = 86_400_000;
/** A tuning still "running" this long after it started belonged to an instance that stopped. */
const STALE_MS = 15 * 60_000;
/** How often each instance looks for queued tunings it may have missed and for the weekly ones. */
const TICK_MS = 60_000;
const WEEKLY_CHECK_MS = 60 * 60_000;
const WEEKLY_BATCH = 20;

/** Stored parameters (student_schedules.parameters, read with other columns) as studentParameters answers them. */
export function storedParameters(text: string | null | undefined): number[] | null {
  if (text === null || text === undefined) return null;
  const p: unknown = JSON.parse(text);
  return validParameters(p) ? p : null;
}

/** The parameters a student is scheduled with: their own when tuned, else null (the defaults). */
export async function studentParameters(db: DbHandle, studentId: number): Promise<number[] | null> {
  const row = await parametersOf(db, studentId);
  if (!row) return null;
  const p: unknown = JSON.parse(row.parameters);
  return validParameters(p) ? p : null;
}

export interface ScheduleView {
  parameters: number[];
  tuned_at: string | null;
  reviews_used: number;
  evaluation: Evaluation | null;
  calibration: CalibrationBin[];
  tuning: {
    id: number;
    status: TuningRow['status'];
    trigger: TuningRow['trigger'];
    requested_at: string;
    finished_at: string | null;
    kept: boolean | null;
    reason: string | null;
  } | null;
}

const evaluationOf = (t: TuningRow): Evaluation => ({
  log_loss: { default: Number(t.log_loss_default), tuned: Number(t.log_loss_tuned) },
  rmse_bins: { default: Number(t.rmse_bins_default), tuned: Number(t.rmse_bins_tuned) },
  held_out_reviews: Number(t.held_out_reviews),
});
const calibrationOf = (t: TuningRow | undefined, which: 'default' | 'tuned'): CalibrationBin[] =>
  t?.calibration ? ((JSON.parse(t.calibration) as Record<string, CalibrationBin[]>)[which] ?? []) : [];

// The routes below state schedule.manage on the student: the API guard has found it the family's.

/** GET /api/students/{id}/schedule. */
export async function scheduleView(db: DbHandle, studentId: number): Promise<ScheduleView> {
  // One after the other, the latest tuning first: a tuning read as finished has its evaluation and
  // parameters (saved in the same transaction) visible to the reads after it. Read at once, on
  // PostgreSQL's pool of connections, one read could see that commit and another not ("done"
  // without its evaluation).
  const latest = await latestTuning(db, studentId);
  const evaluated = await latestEvaluated(db, studentId);
  const own = await scheduleOf(db, studentId);
  const parameters = own ? (JSON.parse(own.parameters) as number[]) : [...DEFAULT_PARAMETERS];
  return {
    parameters,
    tuned_at: own?.tuned_at ?? null,
    reviews_used: own ? Number(own.reviews_used) : 0,
    evaluation: evaluated ? evaluationOf(evaluated) : null,
    // How well the parameters in use predicted the held-out answers.
    calibration: own
      ? calibrationOf(evaluated && evaluated.id === Number(own.tuning_id) ? evaluated : undefined, 'tuned')
      : calibrationOf(evaluated, 'default'),
    tuning: latest
      ? {
          id: latest.id,
          status: latest.status,
          trigger: latest.trigger,
          requested_at: latest.requested_at,
          finished_at: latest.finished_at,
          kept: latest.kept === null ? null : Boolean(latest.kept),
          reason: latest.reason,
        }
      : null,
  };
}

/** Why the log cannot be tuned from yet, in plain words; null when it can. */
function tooFew(size: { count: number; first: string | null; last: string | null }): string | null {
  if (size.count < TUNE_MIN_REVIEWS)
    return `Tuning needs at least ${TUNE_MIN_REVIEWS} answers; there are ${size.count} so far.`;
  const days = (Date.parse(size.last!) - Date.parse(size.first!)) / DAY_MS;
  if (!(days >= TUNE_MIN_DAYS))
    return `Tuning needs answers spread over at least ${TUNE_MIN_DAYS} days; these cover ${Math.max(0, Math.floor(days))}.`;
  return null;
}

/** POST /api/students/{id}/schedule/tune: queues a tuning (409 while one waits or runs, 422 when too few answers). */
export async function requestTuning(deps: AppDeps, studentId: number) {
  const db = deps.db.kysely;
  const reason = tooFew(await logSize(db, studentId));
  if (reason) throw new ApiError(422, 'too_few_answers', reason);
  const id = await queueTuning(db, {
    student_id: studentId,
    trigger: 'manual',
    requested_at: deps.now().toISOString(),
  });
  if (id === undefined) throw conflict('A tuning is already under way for this student', 'tuning_running');
  scheduleTuner(deps).wake();
  return { tuning_id: id, status: 'queued' as const, location: `/api/students/${studentId}/schedule` };
}

/** DELETE /api/students/{id}/schedule: back to the default parameters. */
export async function resetSchedule(db: DbHandle, studentId: number): Promise<ScheduleView> {
  await deleteSchedule(db, studentId);
  return scheduleView(db, studentId);
}

/** Runs one claimed tuning to its end: refused, failed, or evaluated (and saved when better). */
export async function runTuning(deps: AppDeps, job: TuningRow, worker: string): Promise<void> {
  const db = deps.db.kysely;
  const finish = (fields: Parameters<typeof finishTuning>[3]) =>
    finishTuning(db, job.id, worker, { finished_at: deps.now().toISOString(), ...fields });
  const log = await reviewLog(db, job.student_id);
  const size = {
    count: log.length,
    first: log[0]?.reviewed_at ?? null,
    last: log.length ? log.reduce((m, r) => (r.reviewed_at > m ? r.reviewed_at : m), log[0]!.reviewed_at) : null,
  };
  const reason = tooFew(size);
  if (reason) return void (await finish({ status: 'refused', reason, log_reviews: log.length }));

  const items = itemsOf(log.map((r) => ({ ...r, rating: r.rating as ReviewRating })));
  const { train, test } = timeSplit(items);
  let parameters: number[];
  try {
    parameters = await fitParameters(trainable(train).map((i) => i.reviews));
  } catch (err) {
    deps.logger.warn({ err, tuning: job.id }, 'tuning failed');
    return void (await finish({
      status: 'failed',
      reason: 'The optimizer could not fit these answers.',
      log_reviews: log.length,
    }));
  }
  if (!validParameters(parameters))
    return void (await finish({
      status: 'refused',
      reason: 'The fitted parameters were outside the optimizer’s bounds; the defaults stay.',
      log_reviews: log.length,
    }));
  const { evaluation, calibration, better } = evaluate(parameters, test);
  if (evaluation.held_out_reviews === 0)
    return void (await finish({
      status: 'refused',
      reason: 'None of the most recent answers came a day or more after the previous one; nothing to compare on.',
      log_reviews: log.length,
    }));
  const now = deps.now().toISOString();
  await inTransaction(deps.db, async (trx) => {
    const finished = await finishTuning(trx, job.id, worker, {
      status: 'done',
      finished_at: now,
      log_reviews: log.length,
      reviews_used: train.length,
      held_out_reviews: evaluation.held_out_reviews,
      log_loss_default: evaluation.log_loss.default,
      log_loss_tuned: evaluation.log_loss.tuned,
      rmse_bins_default: evaluation.rmse_bins.default,
      rmse_bins_tuned: evaluation.rmse_bins.tuned,
      parameters: JSON.stringify(parameters),
      calibration: JSON.stringify(calibration),
      kept: better ? 1 : 0,
      reason: better
        ? null
        : 'The tuned parameters did not predict the most recent answers better; the previous ones stay.',
    });
    if (finished && better)
      await saveSchedule(trx, {
        student_id: job.student_id,
        parameters: JSON.stringify(parameters),
        tuned_at: now,
        reviews_used: train.length,
        tuning_id: job.id,
      });
  });
}

export interface ScheduleTuner {
  /** Looks for queued tunings now (after a request queued one). */
  wake(): void;
  /** Starts the periodic checks: stale tunings back in the queue, the weekly run, the queue. */
  start(): void;
  stop(): void;
  /** One pass of the periodic work: stale tunings re-queued, the weekly run queued, the queue drained. */
  tick(): Promise<void>;
  /** Resolves when the queue is empty (tests and the bench wait on it). */
  idle(): Promise<void>;
}

const tuners = new WeakMap<AppDeps, ScheduleTuner>();

/** This instance's tuner (one per app). */
export function scheduleTuner(deps: AppDeps): ScheduleTuner {
  let tuner = tuners.get(deps);
  if (tuner) return tuner;
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let draining: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let lastWeekly = 0;

  const drain = async () => {
    for (;;) {
      const job = await claimNext(deps.db.kysely, deps.db.dialect, worker, deps.now().toISOString());
      if (!job) return;
      try {
        await runTuning(deps, job, worker);
      } catch (err) {
        deps.logger.error({ err, tuning: job.id }, 'tuning crashed');
        await finishTuning(deps.db.kysely, job.id, worker, {
          status: 'failed',
          finished_at: deps.now().toISOString(),
          reason: 'Tuning stopped on an error.',
        }).catch(() => false);
      }
    }
  };
  const wake = () => {
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((err: unknown) => deps.logger.error({ err }, 'tuning queue'))
      .finally(() => {
        draining = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const tick = async () => {
    const now = deps.now();
    const db = deps.db.kysely;
    await requeueStale(db, new Date(+now - STALE_MS).toISOString());
    if (+now - lastWeekly >= WEEKLY_CHECK_MS) {
      lastWeekly = +now;
      const students = await dueForTuning(db, deps.db.dialect, {
        minReviews: TUNE_MIN_REVIEWS,
        minNew: TUNE_MIN_NEW_REVIEWS,
        since: new Date(+now - TUNE_INTERVAL_MS).toISOString(),
        limit: WEEKLY_BATCH,
        maxAgeMs: REVIEWED_AT_MAX_AGE_MS,
      });
      for (const studentId of students)
        await queueTuning(db, { student_id: studentId, trigger: 'weekly', requested_at: now.toISOString() });
    }
    wake();
  };
  tuner = {
    wake,
    start() {
      if (timer) return;
      // The first weekly look comes an hour after start, not at once: a restart or a deploy must not
      // start a burst of tunings while every family reconnects (queued ones still run at once).
      lastWeekly = +deps.now();
      const run = () => void tick().catch((err: unknown) => deps.logger.error({ err }, 'tuning schedule'));
      run();
      timer = setInterval(run, TICK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async tick() {
      await tick();
      while (draining) await draining;
    },
    async idle() {
      while (draining) await draining;
    },
  };
  tuners.set(deps, tuner);
  return tuner;
}
