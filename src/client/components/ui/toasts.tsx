import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/** Room kept under the toasts, so that nothing below comes close to them. */
const GAP_PX = 8;

/**
 * The toasts' region, mounted once in the page frame where the page's own content starts; it loads
 * once the page has settled. Toasts never lie over a control: their place is in the page's flow (at
 * the top, under the header, sticking there when the page scrolls), and takes the room they need,
 * which it keeps until the next page (`page`) so that what is below does not move back up under a
 * finger when they go.
 */
export function Toasts({ page }: { page: string }) {
  const settled = usePageSettled();
  const asked = useSyncExternalStore(subscribe, () => wanted);
  const slot = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ page, height: 0 });
  const height = room.page === page ? room.height : 0;

  // While toasts show, the room grows to what they take (they slide in and stack over a few frames).
  useEffect(() => {
    const el = slot.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const toasts = [...el.querySelectorAll('[data-sonner-toast]')];
      if (toasts.length === 0) return;
      const top = el.getBoundingClientRect().top;
      const bottom = Math.max(...toasts.map((toast) => toast.getBoundingClientRect().bottom));
      const needed = Math.ceil(bottom - top) + GAP_PX;
      setRoom((r) =>
        r.page === page && r.height >= needed ? r : { page, height: Math.max(needed, r.page === page ? r.height : 0) },
      );
      frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(measure);
    });
    observer.observe(el, { childList: true, subtree: true });
    measure();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [page]);

  return (
    <div ref={slot} className="toast-slot" style={{ height }}>
      {(settled || asked) && <ToasterView />}
    </div>
  );
}
