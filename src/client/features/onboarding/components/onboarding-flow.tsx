import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { Student } from '@shared/schemas/student';
import { readFlag, writeFlag } from '@client/lib/storage';
import { Spinner } from '@client/components/ui/feedback';
import { useAuth } from '../../auth/auth-provider';
import { CompleteStep } from './complete-step';
import { LanguageStep } from './language-step';
import { StudentStep } from './student-step';
import { ThemeStep } from './theme-step';
import styles from './onboarding.module.css';

type Step = 'language' | 'student' | 'theme' | 'complete';

/**
 * `/onboarding` (SPEC §2, §4): language → student (skip) → theme (skip) → complete, with back
 * arrows student → language and theme → student. Visitors are sent home.
 */
export default function OnboardingPage() {
  const { user, isPending } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('language');
  const [created, setCreated] = useState<Student | null>(null);
  // Confetti only for someone finishing onboarding for the first time.
  const [completedBefore] = useState(() => readFlag('onboardingCompleted'));

  if (isPending) return <Spinner />;
  if (!user) return <Navigate to="/" replace />;

  return (
    <main id="main" className={styles.page}>
      {step === 'language' && <LanguageStep onNext={() => setStep('student')} />}
      {step === 'student' && (
        <StudentStep
          created={created}
          onCreated={(s) => {
            setCreated(s);
            setStep('theme');
          }}
          onNext={() => setStep('theme')}
          onBack={() => setStep('language')}
        />
      )}
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
