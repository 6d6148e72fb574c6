import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@client/lib/i18n';
import { RadioCards } from '@client/components/ui/radio-cards';

/**
 * English/Español choice, applied at once and remembered. The choice shows as selected
 * immediately, while the other language's strings download.
 */
export function LanguagePicker({ legend, legendHidden }: { legend: string; legendHidden?: boolean }) {
  const { i18n } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <RadioCards
      legend={legend}
      legendHidden={legendHidden}
      value={chosen ?? i18n.language}
      onChange={(v) => {
        if (!isLanguage(v)) return;
        setChosen(v);
        void setLanguage(v);
      }}
      options={[
        { value: 'en', label: 'English', lang: 'en' },
        { value: 'es', label: 'Español', lang: 'es' },
      ]}
    />
  );
}
