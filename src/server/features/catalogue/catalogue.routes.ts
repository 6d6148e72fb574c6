import { createRouter, type AppDeps } from '../../context';

/** Routes of the catalogue feature. */
export function catalogueRoutes(_deps: AppDeps) {
  return createRouter();
}
