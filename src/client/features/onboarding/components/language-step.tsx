import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import { RadioCards } from '@client/components/ui/radio-cards';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

/** Step 1: the interface language, applied as soon as it is chosen. */
export function LanguageStep({ onNext }: { onNext: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <StepLayout step={1} title={t('onboarding.language.title')} intro={t('onboarding.language.intro')}>
      <RadioCards
        legend={t('onboarding.language.title')}
        legendHidden
        value={i18n.language}
        onChange={(v) => isLanguage(v) && setLanguage(v)}
        options={[
          { value: 'en', label: 'English', lang: 'en' },
          { value: 'es', label: 'Español', lang: 'es' },
        ]}
      />
      <div className={styles.actions}>
        <Button variant="primary" onClick={onNext}>
          {t('onboarding.next')}
        </Button>
      </div>
    </StepLayout>
  );
}
