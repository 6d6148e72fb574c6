import { createRouter, type AppDeps } from '../../context';

/** Routes of the students feature. */
export function studentsRoutes(_deps: AppDeps) {
  return createRouter();
}
