import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STUDENT_AGE_MAX, STUDENT_AGE_MIN, STUDENT_NAME_MAX } from '@shared/constants';
import type { StudentInput } from '@shared/schemas/student';
import { TextField } from '@client/components/ui/field';

/** The age input gives '' when empty; the schema wants null or a number. */
export const ageFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Name (with its characters-remaining counter) and optional age, for every student form. */
export function StudentNameAndAge({
  form,
  server,
  autoFocus,
  nameLabel,
}: {
  form: UseFormReturn<StudentInput>;
  /** Server field errors of the last failed submit. */
  server: Record<string, string>;
  autoFocus?: boolean;
  /** Label of the name field when the context needs a fuller one. */
  nameLabel?: string;
}) {
  const { t } = useTranslation();
  const e = form.formState.errors;
  const name = form.watch('name') ?? '';
  return (
    <>
      <TextField
        label={nameLabel ?? t('students.form.name')}
        autoComplete="off"
        autoFocus={autoFocus}
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
    </>
  );
}
