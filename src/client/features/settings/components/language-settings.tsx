import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@client/components/language-picker';

/** Language sub-page: English or Spanish, applied at once and remembered. */
export function LanguageSettings() {
  const { t } = useTranslation();
  return <LanguagePicker legend={t('settings.language.legend')} />;
}
