import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PRE_READER_AGE_MAX } from '@shared/constants';
import type { StudentInput } from '@shared/schemas/student';
import uiStyles from '@client/components/ui/ui.module.css';
import styles from './auto-read.module.css';

/**
 * "How {name} studies": reads, or does not read yet (their games start with listen and pick). For
 * a new student an age up to PRE_READER_AGE_MAX proposes "does not read yet" until the choice is made by hand.
 * Its strings are on demand: the student form loads them before it renders.
 */
export function ReadsField({ form, isNew }: { form: UseFormReturn<StudentInput>; isNew: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = useRef(false);
  const name = form.watch('name')?.trim();
  const age = form.watch('age');
  const reads = form.watch('reads') ?? true;

  useEffect(() => {
    if (!isNew || chosen.current) return;
    const young = typeof age === 'number' && age <= PRE_READER_AGE_MAX;
    form.setValue('reads', !young);
  }, [age, isNew, form]);

  const choose = (value: boolean) => {
    chosen.current = true;
    form.setValue('reads', value, { shouldDirty: true });
  };
  return (
    <fieldset className={uiStyles.field} aria-describedby={`${id}-hint`} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className={uiStyles.label}>
        {name ? t('students.form.reads.legend', { name }) : t('students.form.reads.legendNoName')}
      </legend>
      {([true, false] as const).map((value) => (
        <label key={String(value)} className={styles.checkbox}>
          <input type="radio" name={`${id}-reads`} checked={reads === value} onChange={() => choose(value)} />
          {t(value ? 'students.form.reads.yes' : 'students.form.reads.notYet')}
        </label>
      ))}
      <p id={`${id}-hint`} className={uiStyles.hint}>
        {t('students.form.reads.hint')}
      </p>
    </fieldset>
  );
}
