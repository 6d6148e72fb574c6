import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Mascot } from '@client/components/illustrations/mascot';
import { Button } from '@client/components/ui/button';
import { launchConfetti } from '@client/lib/celebration';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

/** Step 4: all set; confetti the first time only; get started finishes onboarding. */
export function CompleteStep({ celebrate, onFinish }: { celebrate: boolean; onFinish: () => void }) {
  const { t } = useTranslation();
  useEffect(() => (celebrate ? launchConfetti() : undefined), [celebrate]);
  return (
    <StepLayout
      step={4}
      title={t('onboarding.complete.title')}
      intro={t('onboarding.complete.intro')}
      picture={<Mascot size={112} cheering />}
    >
      <div className={styles.actions}>
        <Button variant="primary" onClick={onFinish}>
          {t('onboarding.complete.start')}
        </Button>
      </div>
    </StepLayout>
  );
}
