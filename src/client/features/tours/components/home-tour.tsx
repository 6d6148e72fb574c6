import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFlag, writeFlag } from '@client/lib/storage';
import { Tour } from './tour';

/**
 * Whether the home tour starts (SPEC §4): onboarding done and the tour not yet, or asked for
 * again from the settings (showProductTour).
 */
export function shouldShowHomeTour(): boolean {
  return readFlag('showProductTour') || (readFlag('onboardingCompleted') && !readFlag('productTourCompleted'));
}

/** The home product tour, 3 steps: welcome, create deck, user menu (SPEC §2 Tours). */
export function HomeTour() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(shouldShowHomeTour);

  // showProductTour is a one-shot request: clear it once the tour has been shown.
  useEffect(() => {
    if (open && readFlag('showProductTour')) writeFlag('showProductTour', false);
  }, [open]);

  const close = useCallback(() => {
    writeFlag('productTourCompleted', true);
    setOpen(false);
  }, []);

  return (
    <Tour
      open={open}
      label={t('tours.home.label')}
      onClose={close}
      steps={[
        { title: t('tours.home.welcome.title'), body: t('tours.home.welcome.body') },
        { target: 'create-deck', title: t('tours.home.createDeck.title'), body: t('tours.home.createDeck.body') },
        { target: 'user-menu', title: t('tours.home.userMenu.title'), body: t('tours.home.userMenu.body') },
      ]}
    />
  );
}
