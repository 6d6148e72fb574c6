import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Student } from '@shared/schemas/student';
import { readFlag, writeFlag } from '@client/lib/storage';
import { CompleteStep } from './complete-step';
import { LanguageStep } from './language-step';
import type { StudentStepPlace } from './student-step';
import { ThemeStep } from './theme-step';
import styles from './onboarding.module.css';

type Step = 'language' | 'student' | 'theme' | 'complete';

/**
 * The onboarding (SPEC §2, §4): language → student (skip) → theme (skip) → complete, with back
 * arrows student → language and theme → student. The page supplies the student step, which
 * needs the students feature.
 */
export function OnboardingFlow({ studentStep }: { studentStep: (place: StudentStepPlace) => ReactNode }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('language');
  const [created, setCreated] = useState<Student | null>(null);
  // Confetti only for someone finishing onboarding for the first time.
  const [completedBefore] = useState(() => readFlag('onboardingCompleted'));

  return (
    <main id="main" className={styles.page}>
      {step === 'language' && <LanguageStep onNext={() => setStep('student')} />}
      {step === 'student' &&
        studentStep({
          created,
          onCreated: (s) => {
            setCreated(s);
            setStep('theme');
          },
          onNext: () => setStep('theme'),
          onBack: () => setStep('language'),
        })}
      {step === 'theme' && <ThemeStep onNext={() => setStep('complete')} onBack={() => setStep('student')} />}
      {step === 'complete' && (
        <CompleteStep
          celebrate={!completedBefore}
          onFinish={() => {
            writeFlag('onboardingCompleted', true);
            void navigate('/');
          }}
        />
      )}
    </main>
  );
}
