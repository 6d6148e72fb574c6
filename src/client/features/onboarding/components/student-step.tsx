import { zodResolver } from '@client/lib/form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { studentInputSchema, type Student, type StudentInput } from '@shared/schemas/student';
import { serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { StudentNameAndAge } from '../../students/components/student-fields';
import { useCreateOnboardingStudent } from '../api/create-student';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';

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
  const server = serverFieldErrors(create.error);

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
        <StudentNameAndAge form={form} server={server} nameLabel={t('onboarding.student.name')} />
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
