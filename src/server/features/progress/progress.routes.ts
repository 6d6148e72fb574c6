import { createRouter, type AppDeps } from '../../context';

/** Routes of the progress feature. */
export function progressRoutes(_deps: AppDeps) {
  return createRouter();
}
