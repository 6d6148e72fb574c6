import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: the component's code (and what only it needs, such as form
 * validation) downloads the first time it renders, keeping the first view small.
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
