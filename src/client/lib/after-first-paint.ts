import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `fn` once the browser has painted what is on screen now and shown it; returns a cancel
 * function. A frame's callback runs just before that frame is painted; the frame is on screen a
 * little later (the compositor's turn), so `fn` waits for the next frame's callback and then a task
 * after it. A hidden page (no frames) runs it in the next task.
 */
export function afterFirstPaint(fn: () => void): () => void {
  let timer: number | undefined;
  let frame: number | undefined;
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    timer = window.setTimeout(fn, 0);
    return () => window.clearTimeout(timer);
  }
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => (timer = window.setTimeout(fn, 0)));
  });
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * False on a component's first render, true once the browser has painted it: what a screen shows
 * below its fold can wait for this, so that the first paint (the summary a reader sees first)
 * does not also wait for that part's code, strings and rendering. The switch is a transition:
 * React renders the rest in slices, yielding to the browser between them, and a phone's main
 * thread is not held for the whole of it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * Its children once the browser has painted the page around them (useAfterFirstPaint), nothing
 * before. Only this component renders again when they come in, not the page around it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
