import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFlag, writeFlag } from '@client/lib/storage';
import { shouldShowHomeTour } from '../home-tour-flag';
import gamesEn from '../images/games-en.webp';
import gamesEs from '../images/games-es.webp';
import { Tour } from './tour';

/** The games screen as `npm run screenshots` takes it for the tour (scripts/screenshots.mjs), per language. */
const GAMES_PICTURE = { en: gamesEn, es: gamesEs, width: 640, height: 560 };

/**
 * The home product tour: welcome, create deck, the games (issue 25: the in-app tour shows the
 * modes with a screenshot), user menu (SPEC §2 Tours names the other three).
 */
export function HomeTour() {
  const { t, i18n } = useTranslation();
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
        {
          title: t('tours.home.games.title'),
          body: t('tours.home.games.body'),
          image: {
            src: i18n.language === 'es' ? GAMES_PICTURE.es : GAMES_PICTURE.en,
            alt: t('tours.home.games.image'),
            width: GAMES_PICTURE.width,
            height: GAMES_PICTURE.height,
          },
        },
        { target: 'user-menu', title: t('tours.home.userMenu.title'), body: t('tours.home.userMenu.body') },
      ]}
    />
  );
}
