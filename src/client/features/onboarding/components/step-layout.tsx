import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { BackIcon } from '@client/components/ui/icons';
import styles from './onboarding.module.css';

export const STEP_COUNT = 4;

interface StepLayoutProps {
  /** 1-based position of the step. */
  step: number;
  title: string;
  intro?: ReactNode;
  onBack?: () => void;
  children: ReactNode;
}

/** Frame of one onboarding step: progress, back arrow, heading (focused on arrival), content. */
export function StepLayout({ step, title, intro, onBack, children }: StepLayoutProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="onboarding-step-heading">
      <div className={styles.top}>
        {onBack ? (
          <Button variant="ghost" icon aria-label={t('onboarding.back')} onClick={onBack}>
            <BackIcon />
          </Button>
        ) : (
          <span className={styles.backPlaceholder} />
        )}
        <p className={styles.progressText}>{t('onboarding.progress', { step, total: STEP_COUNT })}</p>
        <span className={styles.dots} aria-hidden="true">
          {Array.from({ length: STEP_COUNT }, (_, i) => (
            <span key={i} className={i < step ? `${styles.dot} ${styles.dotDone}` : styles.dot} />
          ))}
        </span>
      </div>
      <h1 id="onboarding-step-heading" ref={heading} tabIndex={-1} className={styles.heading}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
