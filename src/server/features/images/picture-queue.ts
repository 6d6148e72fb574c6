/**
 * Runs picture decoding and re-encoding with bounded concurrency, one job at a time per user: a
 * user's uploads wait behind each other, never in front of another user's (issue: one user sending
 * slow pictures stalled everyone's uploads). Jobs of different users start in arrival order.
 */
export function createPictureQueue(concurrency: number) {
  const waiting: { owner: number; start: () => void }[] = [];
  const busyOwners = new Set<number>();
  let running = 0;

  function pump() {
    for (let i = 0; i < waiting.length && running < concurrency;) {
      const job = waiting[i]!;
      if (busyOwners.has(job.owner)) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      busyOwners.add(job.owner);
      running += 1;
      job.start();
    }
  }

  return {
    /** Runs `work` for `owner` when a slot is free and the owner has nothing else running. */
    run<T>(owner: number, work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          work()
            .then(resolve, reject)
            .finally(() => {
              busyOwners.delete(owner);
              running -= 1;
              pump();
            });
        };
        waiting.push({ owner, start });
        pump();
      });
    },
    /** Jobs waiting for a slot (for tests and logs). */
    get waiting() {
      return waiting.length;
    },
  };
}
export type PictureQueue = ReturnType<typeof createPictureQueue>;
