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
  /** A friendly picture above the heading (decorative). */
  picture?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of one onboarding step: back arrow, progress, picture, heading and content. The heading
 * takes the focus on arrival, so a screen reader says where the user is; it is not a control, so
 * it shows no focus ring.
 */
export function StepLayout({ step, title, intro, onBack, picture, children }: StepLayoutProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="onboarding-step-heading">
      <div className={styles.top}>
        {onBack && (
          <Button variant="ghost" icon className={styles.back} aria-label={t('onboarding.back')} onClick={onBack}>
            <BackIcon />
          </Button>
        )}
        <p className={styles.progressText}>{t('onboarding.progress', { step, total: STEP_COUNT })}</p>
        <span className={styles.dots} aria-hidden="true">
          {Array.from({ length: STEP_COUNT }, (_, i) => (
            <span key={i} className={i < step ? `${styles.dot} ${styles.dotDone}` : styles.dot} />
          ))}
        </span>
      </div>
      {picture && <div className={styles.picture}>{picture}</div>}
      <h1 id="onboarding-step-heading" ref={heading} tabIndex={-1} className={styles.heading}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
