import { useSyncExternalStore } from 'react';
import { usePageSettled } from '@client/lib/page-settled';
import { lazyNamed } from './lazy';

/** What a toast may offer besides its message. */
export interface NotifyOptions {
  /** An "Undo" button: runs `run` (the inverse call) and closes the toast. */
  undo?: { label: string; run: () => void };
  /** Runs once when the toast closes without its undo being pressed (timed out, dismissed, page left). */
  onClose?: () => void;
  /**
   * The same message again while its toast still shows updates that toast, in place, to
   * `repeated(count)` (e.g. "3 cards added.") rather than stacking another. Not with `undo`.
   */
  repeated?: (count: number) => string;
}

// Sonner (and its styles) download once the page has settled, so the first view stays small: the
// live region is in place long before anyone can change anything, and a toast asked for earlier
// waits for it.
const loadView = () => import('./toaster-view');
let wanted = false;
const listeners = new Set<() => void>();
const want = () => {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
};

/**
 * Shows a brief, visible confirmation, announced politely by screen readers (a live region) and
 * never taking the focus; with `undo`, a button that takes the action back.
 */
export function notify(message: string, options: NotifyOptions = {}): void {
  want();
  loadView().then(
    (view) => view.show(message, options),
    // No toast without its code: the change stands, with no undo offered.
    () => options.onClose?.(),
  );
}

const ToasterView = lazyNamed(() => loadView().then((m) => m.ToasterView));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts' region, mounted once in the page frame; it loads once the page has settled. */
export function Toasts() {
  const settled = usePageSettled();
  const asked = useSyncExternalStore(subscribe, () => wanted);
  return settled || asked ? <ToasterView /> : null;
}
