import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Alert } from './feedback';
import { markLoadFailure, PartLoadError } from '@client/lib/load-failure';

/** Tries of a failed download by itself while online: after 2, 4, 8, 16 and 32 seconds. */
const AUTO_RETRIES = 5;
const AUTO_RETRY_FIRST_MS = 2000;

export { markLoadFailure };

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <Alert>{t('common.errors.partLoadFailed')}</Alert>
      <Button onClick={onRetry}>{t('common.actions.retry')}</Button>
    </div>
  );
}

/**
 * Around a part whose code downloads on demand: when the download fails (the connection dropped
 * before the part was first shown, and no service worker has a copy yet), says so with "Try again"
 * instead of taking the whole page down. The connection coming back tries again by itself.
 * Any other error passes on.
 */
export class LoadBoundary extends Component<
  // A function is called again on each render: after a retry, it renders the part afresh.
  { children: ReactNode | (() => ReactNode); onRetry: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  private attempts = 0;
  private timer: number | undefined;

  static getDerivedStateFromError(err: unknown) {
    if (err instanceof PartLoadError) return { failed: true };
    throw err;
  }

  // Listens for the connection only while failed: most parts never fail. A download that fails
  // while the browser says it is online (the connection came back a moment before it, or only
  // half) is tried again a few times, further apart each time.
  override componentDidCatch() {
    window.addEventListener('online', this.retry);
    if (navigator.onLine && this.attempts < AUTO_RETRIES) {
      this.timer = window.setTimeout(this.retry, AUTO_RETRY_FIRST_MS * 2 ** this.attempts++);
    }
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    window.clearTimeout(this.timer);
  }

  retry = () => {
    window.removeEventListener('online', this.retry);
    window.clearTimeout(this.timer);
    if (!this.state.failed) return;
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    const { children } = this.props;
    if (this.state.failed) return <LoadFailed onRetry={this.retry} />;
    return typeof children === 'function' ? children() : children;
  }
}

/**
 * React.lazy for a named export, with its own Suspense boundary showing nothing while it loads:
 * the component's code (and what only it needs, such as form validation) downloads the first
 * time it renders, keeping the first view small, and the page around it stays as it is. A failed
 * download is offered again (LoadBoundary).
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () => lazy(() => load().then((c) => ({ default: c }), markLoadFailure)) as unknown as ComponentType<P>;
  let Lazy = make();
  const retry = () => (Lazy = make());
  return function LazyNamed(props: P) {
    return (
      <LoadBoundary onRetry={retry}>
        {() => (
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        )}
      </LoadBoundary>
    );
  };
}
