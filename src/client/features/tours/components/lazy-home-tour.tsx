import { useState } from 'react';
import { lazyNamed } from '@client/components/ui/lazy';
import { shouldShowHomeTour } from '../home-tour-flag';

const HomeTour = lazyNamed(() => import('./home-tour').then((m) => m.HomeTour));

/**
 * The home tour, downloaded only when it starts (a new family, or asked for from the settings):
 * most visits to home never show it, so its code and picture are no part of the first view.
 */
export function LazyHomeTour() {
  const [wanted] = useState(shouldShowHomeTour);
  return wanted ? <HomeTour /> : null;
}
