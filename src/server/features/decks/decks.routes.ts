import { createRouter, type AppDeps } from '../../context';

/** Routes of the decks feature. */
export function decksRoutes(_deps: AppDeps) {
  return createRouter();
}
