import { simulateEffort, type EffortInput, type EffortPoint } from '@shared/effort-simulation';

/** Runs the effort simulation off the main thread (a few hundred ms for a few thousand cards). */
export type EffortRequest = { id: number; input: EffortInput };
export type EffortReply = { id: number; points: EffortPoint[] } | { id: number; error: string };

self.onmessage = (event: MessageEvent<EffortRequest>) => {
  const { id, input } = event.data;
  let reply: EffortReply;
  try {
    reply = { id, points: simulateEffort(input) };
  } catch (err) {
    reply = { id, error: String(err) };
  }
  self.postMessage(reply);
};
