import { Worker } from 'node:worker_threads';
import type { ItemReview } from '@shared/schedule';

/**
 * One worker thread running @open-spaced-repetition/binding's optimizer (fsrs-rs), started on first
 * use and stopped when idle; fits run one at a time (each already uses the optimizer's own threads).
 */
const IDLE_MS = 30_000;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (p: number[]) => void; reject: (e: Error) => void }>();
let chain: Promise<unknown> = Promise.resolve();

function start(): Worker {
  const w = new Worker(new URL('./optimizer-worker.mjs', import.meta.url));
  w.on('message', (msg: { id: number; parameters?: number[]; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error !== undefined || !msg.parameters) p.reject(new Error(msg.error ?? 'no parameters'));
    else p.resolve(msg.parameters);
  });
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (worker === w) worker = null;
  };
  w.unref();
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`optimizer thread exited (${code})`)));
  return w;
}

function fitNow(items: ItemReview[][]): Promise<number[]> {
  if (idleTimer) clearTimeout(idleTimer);
  worker ??= start();
  const w = worker;
  const id = ++nextId;
  return new Promise<number[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, items });
  }).finally(() => {
    idleTimer = setTimeout(() => {
      if (pending.size === 0 && worker === w) {
        worker = null;
        void w.terminate();
      }
    }, IDLE_MS);
    idleTimer.unref();
  });
}

/** FSRS-6 parameters fitted to the items (each a card's reviews up to one answer), off the main thread. */
export function fitParameters(items: ItemReview[][]): Promise<number[]> {
  const run = chain.then(
    () => fitNow(items),
    () => fitNow(items),
  );
  chain = run.catch(() => undefined);
  return run;
}
