/**
 * Runs picture decoding and re-encoding with bounded concurrency, one job at a time per user: a
 * user's uploads wait behind each other, never in front of another user's (issue: one user sending
 * slow pictures stalled everyone's uploads). Jobs of different users start in arrival order.
 *
 * A job marked `spare` (one of many pictures of an import, each known to be quick) may also take a
 * slot that nobody else is waiting for, while its user has another job running: a batch then uses
 * every slot when the server is otherwise idle, and someone else's job that arrives meanwhile waits
 * at most for one of those quick jobs to end before it starts.
 */
export function createPictureQueue(concurrency: number) {
  const waiting: { owner: number; spare: boolean; start: () => void }[] = [];
  const busyOwners = new Map<number, number>();
  let running = 0;

  function begin(i: number) {
    const job = waiting.splice(i, 1)[0]!;
    busyOwners.set(job.owner, (busyOwners.get(job.owner) ?? 0) + 1);
    running += 1;
    job.start();
  }

  function pump() {
    // First whoever has nothing running, oldest first.
    for (let i = 0; i < waiting.length && running < concurrency;) {
      if (busyOwners.has(waiting[i]!.owner)) i += 1;
      else begin(i);
    }
    // Then slots nobody else waits for go to spare jobs, oldest first.
    for (let i = 0; i < waiting.length && running < concurrency;) {
      if (waiting[i]!.spare) begin(i);
      else i += 1;
    }
  }

  return {
    /**
     * Runs `work` for `owner` when a slot is free and the owner has nothing else running (or, when
     * `spare`, when a slot is free that no other owner's job is waiting for).
     */
    run<T>(owner: number, work: () => Promise<T>, { spare = false }: { spare?: boolean } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          work()
            .then(resolve, reject)
            .finally(() => {
              const left = (busyOwners.get(owner) ?? 1) - 1;
              if (left > 0) busyOwners.set(owner, left);
              else busyOwners.delete(owner);
              running -= 1;
              pump();
            });
        };
        waiting.push({ owner, spare, start });
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
