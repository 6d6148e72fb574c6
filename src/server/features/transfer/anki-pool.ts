import { Worker } from 'node:worker_threads';
import type { AnkiImportStatus } from '@shared/schemas/transfer';
import { ApiError } from '../../http/errors';
import type { AnkiTask, AnkiTaskProgress, AnkiWorkerMessage } from './anki-worker';
import type { FamilyId } from '../../context';

/**
 * The threads that read uploaded Anki packages, so that one family's package never holds up the
 * thread answering everyone's requests. Bounded: at most `workers` packages are read at once, at
 * most one per family; the rest wait in one first-come, first-served queue. A family may have
 * `perFamily` imports running or waiting; the queue holds at most `queueMax`. Each task has a time
 * budget (its thread is terminated) and each thread a heap limit: past either, the import is refused.
 */

export interface AnkiPoolOptions {
  workers: number;
  perFamily: number;
  queueMax: number;
  timeBudgetMs: number;
  memoryBudgetMb: number;
}

/** What the caller can see of its task: started (its thread is reading it) and notes read. */
export interface AnkiPoolTicket {
  started: boolean;
  progress: AnkiTaskProgress | null;
}

interface Job {
  familyId: FamilyId;
  task: AnkiTask;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  ticket: AnkiPoolTicket;
  /** Stops the task: removed from the queue, or its thread stopped. */
  cancel: () => void;
}

const IDLE_MS = 30_000;

export const poolErrors = {
  timeBudget: (ms: number) =>
    new ApiError(
      413,
      'import_time_budget',
      `The package took longer than ${Math.round(ms / 1000)} s to read, so it was refused`,
    ),
  memoryBudget: (mb: number) =>
    new ApiError(413, 'import_memory_budget', `The package needs more than ${mb} MB to read, so it was refused`),
  familyBusy: (n: number) =>
    new ApiError(
      429,
      'imports_in_progress',
      `This family already has ${n} packages being read or waiting`,
      undefined,
      30,
    ),
  busy: () => new ApiError(503, 'imports_busy', 'Too many packages are waiting to be read; try again shortly'),
  cancelled: () => new ApiError(409, 'import_cancelled', 'The import was stopped before anything was saved'),
};

/** The thread's entry: the bundle beside the built server, or the TypeScript source through tsx. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./anki-worker-sources.mjs', import.meta.url)
    : new URL('./anki-worker.js', import.meta.url);
}

export function createAnkiPool(options: AnkiPoolOptions) {
  const queue: Job[] = [];
  const running = new Map<Worker, Job>();
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

  /** Threads that have loaded their code: a task's time budget starts when its thread is ready. */
  const ready = new WeakSet<Worker>();

  function spawn(): Worker {
    const worker = new Worker(workerUrl(), {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryBudgetMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.once('message', () => ready.add(worker));
    worker.unref();
    return worker;
  }

  function take(): Worker {
    const spare = idle.pop();
    if (!spare) return spawn();
    clearTimeout(spare.timer);
    return spare.worker;
  }

  function release(worker: Worker) {
    const timer = setTimeout(() => {
      const i = idle.findIndex((s) => s.worker === worker);
      if (i >= 0) idle.splice(i, 1);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle.push({ worker, timer });
  }

  function start(job: Job) {
    const worker = take();
    running.set(worker, job);
    job.ticket.started = true;
    let settled = false;
    const finish = (outcome: { value: unknown } | { error: unknown }, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      running.delete(worker);
      if (keep) release(worker);
      else void worker.terminate();
      if ('value' in outcome) job.resolve(outcome.value);
      else job.reject(outcome.error);
      next();
    };
    let timer: NodeJS.Timeout | undefined;
    const startClock = () => {
      timer = setTimeout(
        () => finish({ error: poolErrors.timeBudget(options.timeBudgetMs) }, false),
        options.timeBudgetMs,
      );
    };
    const onMessage = (msg: AnkiWorkerMessage) => {
      if (msg.type === 'ready') startClock();
      else if (msg.type === 'progress') job.ticket.progress = msg.progress;
      else if (msg.type === 'result') finish({ value: msg.result }, true);
      else if (msg.type === 'error') {
        const e = msg.error;
        finish({ error: new ApiError(e.status as ApiError['status'], e.code, e.message, e.fields) }, true);
      } else finish({ error: new Error(`Reading the package failed: ${msg.message}`) }, false);
    };
    const onError = (err: Error & { code?: string }) =>
      finish(
        {
          error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? poolErrors.memoryBudget(options.memoryBudgetMb) : err,
        },
        false,
      );
    const onExit = (code: number) => finish({ error: new Error(`The package reader stopped (${code})`) }, false);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    job.cancel = () => finish({ error: poolErrors.cancelled() }, false);
    if (ready.has(worker)) startClock();
    const { bytes } = job.task;
    // The upload is handed over, not copied, when it owns its memory.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    worker.postMessage(job.task, whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []);
  }

  /** Starts waiting jobs, oldest first, while a thread is free, skipping families that have one running. */
  function next() {
    const busy = new Set([...running.values()].map((j) => j.familyId));
    for (let i = 0; i < queue.length && running.size < options.workers;) {
      const job = queue[i]!;
      if (busy.has(job.familyId)) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      busy.add(job.familyId);
      start(job);
    }
  }

  return {
    /**
     * Reads the package on a pool thread, when its turn comes; refuses at once when the family or the
     * queue is full. `signal` stops it (`import_cancelled`): a waiting task is never read, a running
     * one's thread is stopped. `ticket` shows the caller when it starts and how far it has read.
     */
    run<T>(
      familyId: FamilyId,
      task: AnkiTask,
      { signal, ticket = { started: false, progress: null } }: { signal?: AbortSignal; ticket?: AnkiPoolTicket } = {},
    ): Promise<T> {
      if (signal?.aborted) return Promise.reject(poolErrors.cancelled());
      const mine =
        queue.filter((j) => j.familyId === familyId).length +
        [...running.values()].filter((j) => j.familyId === familyId).length;
      if (mine >= options.perFamily) return Promise.reject(poolErrors.familyBusy(mine));
      if (queue.length >= options.queueMax) return Promise.reject(poolErrors.busy());
      return new Promise<T>((resolve, reject) => {
        const job: Job = {
          familyId,
          task,
          resolve: resolve as (v: unknown) => void,
          reject,
          ticket,
          cancel: () => {
            const i = queue.indexOf(job);
            if (i >= 0) queue.splice(i, 1);
            job.reject(poolErrors.cancelled());
          },
        };
        const onAbort = () => job.cancel();
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        job.resolve = (v) => {
          done();
          resolve(v as T);
        };
        job.reject = (e) => {
          done();
          reject(e);
        };
        queue.push(job);
        next();
      });
    },

    /** Packages of any family to be read before this waiting task; null once it is being read. */
    ahead(ticket: AnkiPoolTicket): number | null {
      const i = queue.findIndex((j) => j.ticket === ticket);
      return i < 0 ? null : i + running.size;
    },

    /** What a family's imports are doing (GET /api/imports/anki/status). */
    state(familyId: FamilyId): Omit<AnkiImportStatus, 'imports'> {
      const mine = [...running.values()].filter((j) => j.familyId === familyId);
      const first = queue.findIndex((j) => j.familyId === familyId);
      return {
        running: mine.length,
        waiting: queue.filter((j) => j.familyId === familyId).length,
        ahead: first < 0 ? null : first + running.size,
        progress: mine[0]?.ticket.progress ?? null,
        media: null,
      };
    },

    /** Stops every thread; waiting and running imports are refused. */
    async close() {
      for (const job of queue.splice(0)) job.reject(poolErrors.busy());
      await Promise.all([...running.keys(), ...idle.map((s) => s.worker)].map((w) => w.terminate()));
      idle.length = 0;
    },
  };
}

export type AnkiPool = ReturnType<typeof createAnkiPool>;
