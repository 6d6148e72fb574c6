import { createRouter, type AppDeps } from '../../context';

/** Routes of the images feature. */
export function imagesRoutes(_deps: AppDeps) {
  return createRouter();
}
