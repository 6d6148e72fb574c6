import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A picture whose drawing downloads when first shown (for pages whose first view must stay small),
 * in a box of its final size, so that nothing moves when it arrives.
 */
export function lazyPicture(load: () => Promise<ComponentType>, width: number, height: number): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPicture() {
    return (
      <div style={{ width, height, margin: '0 auto 0.75rem' }}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </div>
    );
  };
}
