import { zodResolver } from '@client/lib/form';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NATIVE_LANGUAGES } from '@shared/constants';
import { studentInputSchema, type Student, type StudentInput } from '@shared/schemas/student';
import { serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import uiStyles from '@client/components/ui/ui.module.css';
import { LearningSettingsFields, learningSettingsOf } from './learning-settings-fields';
import { AutoReadField } from './auto-read-field';
import { ReadsField } from './reads-field';
import { useStudentsStrings } from '../strings';
import { StudentNameAndAge } from './student-fields';
import styles from './students.module.css';

/** What the learning settings of an existing student add (the schedule feature's tuning), with the settings as they stand in the form. */
export type LearningExtraSlot = (props: {
  student: { id: number; name: string };
  retention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
}) => ReactNode;

/** Translation key of each native-language value. */
export const nativeLanguageKey = (lang: string) =>
  lang === 'English' ? 'english' : lang === 'Español' ? 'spanish' : 'none';

interface StudentFormProps {
  student?: Student;
  pending: boolean;
  /** Text of the failure alert, when the last submit failed. */
  error: string | null;
  /** The failed call, for its field errors. */
  serverError: unknown;
  onSubmit: (input: StudentInput) => void;
  onCancel: () => void;
  learningExtra?: LearningExtraSlot;
}

/**
 * Add/edit student form: name (required, ≤ STUDENT_NAME_MAX), optional age, native language, how the
 * student studies, learning settings. It renders once all its strings are in (some are downloaded on
 * demand), so no part of it appears later and pushes the rest down under a finger about to tap.
 */
export function StudentForm({
  student,
  pending,
  error,
  serverError,
  onSubmit,
  onCancel,
  learningExtra,
}: StudentFormProps) {
  useStudentsStrings();
  const { t } = useTranslation();
  const selectId = useId();
  const form = useForm<StudentInput>({
    resolver: zodResolver(studentInputSchema),
    defaultValues: {
      name: student?.name ?? '',
      age: student?.age ?? null,
      native_language: student?.native_language ?? '',
      auto_read: student?.auto_read ?? false,
      reads: student?.reads ?? true,
      ...learningSettingsOf(student),
    },
  });
  const server = serverFieldErrors(serverError);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      {error && <Alert>{error}</Alert>}
      <StudentNameAndAge form={form} server={server} autoFocus />
      <div className={uiStyles.field}>
        <label htmlFor={selectId} className={uiStyles.label}>
          {t('students.form.nativeLanguage')}
        </label>
        <select id={selectId} className={uiStyles.input} {...form.register('native_language')}>
          {NATIVE_LANGUAGES.map((lang) => (
            <option key={lang || 'none'} value={lang}>
              {t(`students.languages.${nativeLanguageKey(lang)}`)}
            </option>
          ))}
        </select>
        {server.native_language && (
          <p className={uiStyles.fieldError} role="alert">
            {server.native_language}
          </p>
        )}
      </div>
      <ReadsField form={form} isNew={!student} />
      <AutoReadField {...form.register('auto_read')} />
      <LearningSettingsFields form={form} server={server}>
        {student && learningExtra && <LearningExtra student={student} form={form} slot={learningExtra} />}
      </LearningSettingsFields>
      <div className={styles.formActions}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? t('common.actions.saving') : student ? t('students.form.saveChanges') : t('students.form.add')}
        </Button>
      </div>
    </form>
  );
}

/** The slot with the form's current learning settings (watched, so a new retention shows at once). */
function LearningExtra({
  student,
  form,
  slot,
}: {
  student: Student;
  form: ReturnType<typeof useForm<StudentInput>>;
  slot: LearningExtraSlot;
}) {
  const [retention, newPerDay, maxReviewsPerDay] = form.watch([
    'desired_retention',
    'new_per_day',
    'max_reviews_per_day',
  ]);
  return slot({
    student: { id: student.id, name: student.name },
    retention: retention ?? student.desired_retention,
    newPerDay: newPerDay ?? student.new_per_day,
    maxReviewsPerDay: maxReviewsPerDay ?? student.max_reviews_per_day,
  });
}
