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
