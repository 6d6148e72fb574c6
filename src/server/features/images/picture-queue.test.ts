import { describe, expect, it } from 'vitest';
import { createPictureQueue } from './picture-queue';

/** A job that finishes when its `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (log.push(name), done.then(() => name)), finish };
}

describe('picture queue', () => {
  it("runs one job per user at a time, so a user's backlog never holds up another user", async () => {
    const queue = createPictureQueue(2);
    const log: string[] = [];
    const slow = [1, 2, 3, 4].map((i) => gate(log, `a${i}`));
    const results = slow.map((g) => queue.run(1, g.work));
    const quick = gate(log, 'b1');
    const b = queue.run(2, quick.work);
    // A's first job runs; B starts at once in the other slot although A has three more waiting.
    expect(log).toEqual(['a1', 'b1']);
    quick.finish();
    expect(await b).toBe('b1');
    slow[0]!.finish();
    await results[0];
    await Promise.resolve();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    for (const g of slow.slice(1)) g.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.waiting).toBe(0);
  });

  it('never runs more than its concurrency, and a failed job frees its slot', async () => {
    const queue = createPictureQueue(1);
    const log: string[] = [];
    const failing = queue.run(1, async () => {
      log.push('x');
      throw new Error('bad picture');
    });
    const next = gate(log, 'y');
    const y = queue.run(2, next.work);
    await expect(failing).rejects.toThrow('bad picture');
    await Promise.resolve();
    expect(log).toEqual(['x', 'y']);
    next.finish();
    expect(await y).toBe('y');
  });
});

describe('spare jobs (an import’s many quick pictures)', () => {
  it('take a slot nobody else waits for, and never one another user is waiting for', async () => {
    const queue = createPictureQueue(2);
    const log: string[] = [];
    const batch = [1, 2, 3, 4].map((i) => gate(log, `a${i}`));
    const results = batch.map((g) => queue.run(1, g.work, { spare: true }));
    // The server is otherwise idle: the batch uses both slots.
    expect(log).toEqual(['a1', 'a2']);
    // Another user's upload waits only for one of them to end, then goes before the rest of the batch.
    const upload = gate(log, 'b1');
    const b = queue.run(2, upload.work);
    expect(log).toEqual(['a1', 'a2']);
    batch[0]!.finish();
    await results[0];
    await Promise.resolve();
    expect(log).toEqual(['a1', 'a2', 'b1']);
    batch[1]!.finish();
    await results[1];
    await Promise.resolve();
    // b1 and a3 run; a4 waits (two slots).
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3']);
    upload.finish();
    await b;
    await Promise.resolve();
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    batch[2]!.finish();
    batch[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.waiting).toBe(0);
  });

  it('a job not marked spare still runs one at a time per user', async () => {
    const queue = createPictureQueue(2);
    const log: string[] = [];
    const jobs = [1, 2].map((i) => gate(log, `a${i}`));
    const results = jobs.map((g) => queue.run(1, g.work));
    expect(log).toEqual(['a1']);
    jobs[0]!.finish();
    jobs[1]!.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2']);
  });
});
