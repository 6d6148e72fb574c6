import { useEffect, useRef, useState } from 'react';
import { simulateEffort, type EffortInput, type EffortPoint } from '@shared/effort-simulation';
import type { EffortReply, EffortRequest } from './effort.worker';

/** Waits this long after the last change of the limits before simulating again. */
const SETTLE_MS = 300;

type Effort = { status: 'idle' | 'computing' } | { status: 'done'; points: EffortPoint[] } | { status: 'failed' };

/**
 * The effort simulation of `input` (null: nothing to simulate yet), in a Web Worker so the page stays
 * responsive (a few thousand cards take several hundred ms); where there is no Worker, on a later tick.
 */
export function useEffort(input: EffortInput | null): Effort {
  const [effort, setEffort] = useState<Effort>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const key = input ? JSON.stringify(input) : null;

  useEffect(() => () => worker.current?.terminate(), []);

  useEffect(() => {
    if (key === null) return setEffort({ status: 'idle' });
    const request: EffortRequest = { id: ++latest.current, input: JSON.parse(key) as EffortInput };
    setEffort({ status: 'computing' });
    const timer = setTimeout(() => {
      if (typeof Worker === 'undefined') {
        try {
          const points = simulateEffort(request.input);
          if (request.id === latest.current) setEffort({ status: 'done', points });
        } catch {
          if (request.id === latest.current) setEffort({ status: 'failed' });
        }
        return;
      }
      if (!worker.current) {
        worker.current = new Worker(new URL('./effort.worker.ts', import.meta.url), { type: 'module' });
        worker.current.onmessage = (event: MessageEvent<EffortReply>) => {
          if (event.data.id !== latest.current) return;
          setEffort('points' in event.data ? { status: 'done', points: event.data.points } : { status: 'failed' });
        };
        worker.current.onerror = () => setEffort({ status: 'failed' });
      }
      worker.current.postMessage(request);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  return effort;
}
