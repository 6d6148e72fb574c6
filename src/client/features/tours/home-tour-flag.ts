import { readFlag } from '@client/lib/storage';

/**
 * Whether the home tour starts (SPEC §4): onboarding done and the tour not yet, or asked for
 * again from the settings (showProductTour).
 */
export function shouldShowHomeTour(): boolean {
  return readFlag('showProductTour') || (readFlag('onboardingCompleted') && !readFlag('productTourCompleted'));
}
