import { zodResolver } from '@client/lib/form';
import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { studentInputSchema, type Student, type StudentInput } from '@shared/schemas/student';
import { serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { StudentsPicture } from '@client/components/illustrations/onboarding-pictures';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

/** Creating the student, as the page provides it (the students feature owns the call). */
export interface StudentCreation {
  /** Creates the student, makes it current, then calls `onCreated`. */
  create: (input: StudentInput, onCreated: (student: Student) => void) => void;
  isPending: boolean;
  /** The last failed attempt, for its alert and field errors. */
  error: Error | null;
}

/** The name and age inputs (the students feature's), bound to this step's form. */
export type StudentFields = (
  form: UseFormReturn<StudentInput>,
  server: Record<string, string>,
  nameLabel: string,
) => ReactNode;

/** Where the step sits in the onboarding. */
export interface StudentStepPlace {
  /** The student made in this onboarding, if the user came back to this step. */
  created: Student | null;
  onCreated: (student: Student) => void;
  onNext: () => void;
  onBack: () => void;
}

interface StudentStepProps extends StudentStepPlace {
  fields: StudentFields;
  creation: StudentCreation;
}

/** Step 2: a first student (name, optional age), or skip. */
export function StudentStep({ created, onCreated, onNext, onBack, fields, creation }: StudentStepProps) {
  const { t } = useTranslation();
  const form = useForm<StudentInput>({
    resolver: zodResolver(studentInputSchema),
    defaultValues: { name: '', age: null },
  });
  const server = serverFieldErrors(creation.error);

  if (created) {
    return (
      <StepLayout step={2} title={t('onboarding.student.title')} onBack={onBack} picture={<StudentsPicture />}>
        <p className={styles.intro}>{t('onboarding.student.added', { name: created.name })}</p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={onNext}>
            {t('onboarding.next')}
          </Button>
        </div>
      </StepLayout>
    );
  }

  return (
    <StepLayout
      step={2}
      title={t('onboarding.student.title')}
      intro={t('onboarding.student.intro')}
      onBack={onBack}
      picture={<StudentsPicture />}
    >
      <form noValidate onSubmit={form.handleSubmit((values) => creation.create(values, onCreated))}>
        {creation.error && <Alert>{t('onboarding.student.failed')}</Alert>}
        {fields(form, server, t('onboarding.student.name'))}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onNext}>
            {t('onboarding.skip')}
          </Button>
          <Button type="submit" variant="primary" disabled={creation.isPending}>
            {creation.isPending ? t('common.actions.saving') : t('onboarding.student.submit')}
          </Button>
        </div>
      </form>
    </StepLayout>
  );
}
