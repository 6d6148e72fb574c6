import { lazy, Suspense, type ComponentType } from 'react';

/**
 * React.lazy for a named export, with its own Suspense boundary showing nothing while it loads:
 * the component's code (and what only it needs, such as form validation) downloads the first
 * time it renders, keeping the first view small, and the page around it stays as it is.
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyNamed(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
