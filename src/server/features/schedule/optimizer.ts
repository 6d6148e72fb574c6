import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { ItemReview } from '@shared/schedule';

/**
 * One child process running fsrs-rs's optimizer, started on first use and stopped when idle; fits
 * run one at a time (each already uses all cores through the optimizer's own threads). A process
 * rather than a worker thread so that it can run at the lowest CPU priority: the server's requests
 * come first (a thread of the server's process would compete with them as an equal), and a crash
 * in the native code ends that process only.
 */
const IDLE_MS = 30_000;
const LOWEST_PRIORITY = 19;
let worker: ChildProcess | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (p: number[]) => void; reject: (e: Error) => void }>();
let chain: Promise<unknown> = Promise.resolve();

function start(): ChildProcess {
  const w = fork(new URL('./optimizer-worker.mjs', import.meta.url), [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (w.pid !== undefined) os.setPriority(w.pid, LOWEST_PRIORITY);
  } catch {
    // Not allowed to lower it here: it still runs, at the server's own priority.
  }
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
  w.on('error', fail);
  w.on('exit', (code, signal) => fail(new Error(`optimizer process exited (${code ?? signal})`)));
  // The server may exit while it is idle or fitting.
  w.unref();
  w.channel?.unref();
  return w;
}

function fitNow(items: ItemReview[][]): Promise<number[]> {
  if (idleTimer) clearTimeout(idleTimer);
  worker ??= start();
  const w = worker;
  const id = ++nextId;
  return new Promise<number[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Kept referenced while a fit is pending, so that a caller awaiting it is not cut short.
    w.channel?.ref();
    w.send({ id, items });
  }).finally(() => {
    if (pending.size === 0) w.channel?.unref();
    idleTimer = setTimeout(() => {
      if (pending.size === 0 && worker === w) {
        worker = null;
        w.kill();
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
