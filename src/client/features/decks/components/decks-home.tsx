import { useTranslation } from 'react-i18next';

/** Signed-in home: the deck list (SPEC §2 Home). */
export function DecksHome() {
  const { t } = useTranslation();
  return <h1>{t('decks.title')}</h1>;
}
