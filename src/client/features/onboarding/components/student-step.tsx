import { zodResolver } from '@client/lib/form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STUDENT_AGE_MAX, STUDENT_AGE_MIN, STUDENT_NAME_MAX } from '@shared/constants';
import { studentInputSchema, type Student, type StudentInput } from '@shared/schemas/student';
import { serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { useCreateOnboardingStudent } from '../api/create-student';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

const ageFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

interface StudentStepProps {
  /** The student made in this onboarding, if the user came back to this step. */
  created: Student | null;
  onCreated: (student: Student) => void;
  onNext: () => void;
  onBack: () => void;
}

/** Step 2: a first student (name, optional age), or skip. */
export function StudentStep({ created, onCreated, onNext, onBack }: StudentStepProps) {
  const { t } = useTranslation();
  const create = useCreateOnboardingStudent();
  const form = useForm<StudentInput>({
    resolver: zodResolver(studentInputSchema),
    defaultValues: { name: '', age: null },
  });
  const e = form.formState.errors;
  const server = serverFieldErrors(create.error);
  const name = form.watch('name') ?? '';

  if (created) {
    return (
      <StepLayout step={2} title={t('onboarding.student.title')} onBack={onBack}>
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
    <StepLayout step={2} title={t('onboarding.student.title')} intro={t('onboarding.student.intro')} onBack={onBack}>
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: onCreated }))}>
        {create.error && <Alert>{t('onboarding.student.failed')}</Alert>}
        <TextField
          label={t('onboarding.student.name')}
          autoComplete="off"
          maxLength={STUDENT_NAME_MAX}
          length={name.length}
          error={e.name?.message ?? server.name}
          {...form.register('name')}
        />
        <TextField
          label={t('onboarding.student.age')}
          hint={t('onboarding.student.ageHint', { min: STUDENT_AGE_MIN, max: STUDENT_AGE_MAX })}
          type="number"
          inputMode="numeric"
          min={STUDENT_AGE_MIN}
          max={STUDENT_AGE_MAX}
          step={1}
          error={e.age?.message ?? server.age}
          {...form.register('age', { setValueAs: ageFromInput })}
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onNext}>
            {t('onboarding.skip')}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? t('common.actions.saving') : t('onboarding.student.submit')}
          </Button>
        </div>
      </form>
    </StepLayout>
  );
}
