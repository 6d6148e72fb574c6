import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENT_AGE_MAX, STUDENT_AGE_MIN, STUDENT_NAME_MAX, STUDENTS_PER_FAMILY_MAX } from '@shared/constants';
import type { Student } from '@shared/schemas/student';
import { Button } from '@client/components/ui/button';
import { TextAreaField } from '@client/components/ui/field';
import { Alert } from '@client/components/ui/feedback';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { useCreateSeveralStudents } from '../api/students-api';
import { readSeveral, serverRowErrors, type SeveralRow } from '../several-students';
import { useStudentsStrings } from '../strings';
import styles from './students.module.css';

/**
 * "Add several": names typed or pasted (with optional ages), a preview that names each row's problem,
 * then every student created in one request, or none. `room` is how many more the family may have.
 */
export function SeveralStudentsForm({
  room,
  onCancel,
  onCreated,
}: {
  room: number;
  onCancel: () => void;
  onCreated: (students: Student[]) => void;
}) {
  useStudentsStrings();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const rows = useMemo(() => readSeveral(text), [text]);
  const create = useCreateSeveralStudents();
  const fromServer =
    create.error instanceof ApiRequestError ? serverRowErrors(create.error.fields) : new Map<number, 'name' | 'age'>();
  const problemOf = (row: SeveralRow, i: number) => row.problem ?? fromServer.get(i) ?? null;
  const problems = rows.filter((r, i) => problemOf(r, i) !== null).length;
  const overRoom = rows.length > room;

  const problemText = (p: NonNullable<SeveralRow['problem']>) =>
    t(`students.several.errors.${p}`, { max: p === 'age' ? STUDENT_AGE_MAX : STUDENT_NAME_MAX, min: STUDENT_AGE_MIN });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rows.length === 0 || problems > 0 || overRoom) return;
    create.mutate(
      rows.map((r) => ({ name: r.name, age: r.age })),
      { onSuccess: (res) => onCreated(res.students) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className={styles.several}>
      <TextAreaField
        label={t('students.several.names')}
        hint={t('students.several.namesHint')}
        rows={8}
        value={text}
        autoFocus
        onChange={(e) => {
          setText(e.target.value);
          if (create.isError) create.reset();
        }}
      />
      {rows.length > 0 && (
        <section aria-labelledby="several-preview" className={styles.preview}>
          <h3 id="several-preview">{t('students.several.preview')}</h3>
          <p>
            {t('students.several.count', { count: rows.length })}{' '}
            {problems > 0 && t('students.several.problems', { count: problems })}
          </p>
          <ol className={styles.previewList}>
            {rows.map((row, i) => {
              const problem = problemOf(row, i);
              return (
                <li key={i} className={problem ? styles.previewBad : undefined}>
                  <span className="visually-hidden">{t('students.several.row', { n: i + 1 })}: </span>
                  <span className={styles.itemName}>{row.name || t('students.several.noName')}</span>
                  {row.age !== null && <span> · {t('students.several.age', { count: row.age })}</span>}
                  {problem && <span className={styles.previewProblem}> {problemText(problem)}</span>}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {overRoom && <Alert>{t('students.several.errors.room', { count: room, max: STUDENTS_PER_FAMILY_MAX })}</Alert>}
      {create.isError && fromServer.size === 0 && (
        <Alert>{errorText(create.error, t('students.several.errors.failed'))}</Alert>
      )}
      <div className={styles.severalActions}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={rows.length === 0 || problems > 0 || overRoom || create.isPending}
        >
          {create.isPending
            ? t('students.several.submitting')
            : t('students.several.submit', { count: Math.max(rows.length, 1) })}
        </Button>
      </div>
    </form>
  );
}
