import { createRouter, type AppDeps } from '../../context';

/** Routes of the cards feature. */
export function cardsRoutes(_deps: AppDeps) {
  return createRouter();
}
