import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@client/components/language-picker';
import { Button } from '@client/components/ui/button';
import { LanguagePicture } from '@client/components/illustrations/onboarding-pictures';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

/** Step 1: the interface language, applied as soon as it is chosen. */
export function LanguageStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <StepLayout
      step={1}
      title={t('onboarding.language.title')}
      intro={t('onboarding.language.intro')}
      picture={<LanguagePicture />}
    >
      <LanguagePicker legend={t('onboarding.language.title')} legendHidden />
      <div className={styles.actions}>
        <Button variant="primary" onClick={onNext}>
          {t('onboarding.next')}
        </Button>
      </div>
    </StepLayout>
  );
}
