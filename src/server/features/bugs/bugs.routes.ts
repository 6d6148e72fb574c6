import { createRouter, type AppDeps } from '../../context';

/** Routes of the bugs feature. */
export function bugsRoutes(_deps: AppDeps) {
  return createRouter();
}
