import { createRouter, type AppDeps } from '../../context';

/** Routes of the study feature. */
export function studyRoutes(_deps: AppDeps) {
  return createRouter();
}
