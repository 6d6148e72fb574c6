import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@client/lib/i18n';
import { RadioCards } from '@client/components/ui/radio-cards';

/** Language sub-page: English or Spanish, applied at once and remembered. */
export function LanguageSettings() {
  const { t, i18n } = useTranslation();
  return (
    <RadioCards
      legend={t('settings.language.legend')}
      value={i18n.language}
      onChange={(v) => isLanguage(v) && setLanguage(v)}
      options={[
        { value: 'en', label: 'English', lang: 'en' },
        { value: 'es', label: 'Español', lang: 'es' },
      ]}
    />
  );
}
