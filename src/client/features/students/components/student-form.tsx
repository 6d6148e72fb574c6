import { zodResolver } from '@client/lib/form';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NATIVE_LANGUAGES, STUDENT_AGE_MAX, STUDENT_AGE_MIN, STUDENT_NAME_MAX } from '@shared/constants';
import { studentInputSchema, type Student, type StudentInput } from '@shared/schemas/student';
import { serverFieldErrors } from '@client/lib/errors';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import uiStyles from '@client/components/ui/ui.module.css';
import styles from './students.module.css';

/** The age input gives '' when empty; the schema wants null or a number. */
/** Translation key of each native-language value. */
export const nativeLanguageKey = (lang: string) =>
  lang === 'English' ? 'english' : lang === 'Español' ? 'spanish' : 'none';

export const ageFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

interface StudentFormProps {
  student?: Student;
  pending: boolean;
  /** Text of the failure alert, when the last submit failed. */
  error: string | null;
  /** The failed call, for its field errors. */
  serverError: unknown;
  onSubmit: (input: StudentInput) => void;
  onCancel: () => void;
}

/** Add/edit student form: name (required, ≤ 50), optional age 1–100, native language. */
export function StudentForm({ student, pending, error, serverError, onSubmit, onCancel }: StudentFormProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const form = useForm<StudentInput>({
    resolver: zodResolver(studentInputSchema),
    defaultValues: {
      name: student?.name ?? '',
      age: student?.age ?? null,
      native_language: student?.native_language ?? '',
    },
  });
  const e = form.formState.errors;
  const server = serverFieldErrors(serverError);
  const name = form.watch('name') ?? '';

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      {error && <Alert>{error}</Alert>}
      <TextField
        label={t('students.form.name')}
        autoComplete="off"
        autoFocus
        maxLength={STUDENT_NAME_MAX}
        length={name.length}
        error={e.name?.message ?? server.name}
        {...form.register('name')}
      />
      <TextField
        label={t('students.form.age')}
        hint={t('students.form.ageHint', { min: STUDENT_AGE_MIN, max: STUDENT_AGE_MAX })}
        type="number"
        inputMode="numeric"
        min={STUDENT_AGE_MIN}
        max={STUDENT_AGE_MAX}
        step={1}
        error={e.age?.message ?? server.age}
        {...form.register('age', { setValueAs: ageFromInput })}
      />
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
      <div className={styles.formActions}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? t('common.actions.saving') : student ? t('students.form.saveChanges') : t('students.form.add')}
        </Button>
      </div>
    </form>
  );
}
