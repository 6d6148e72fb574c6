import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentStudent } from '@client/lib/current-student';
import styles from './students.module.css';

/**
 * Header control for the current student (SPEC §2 Home): nothing with no students, the plain
 * name with one, a labelled drop-down with several.
 */
export function StudentSelector() {
  const { t } = useTranslation();
  const { students, currentStudent, setCurrentStudentId } = useCurrentStudent();
  const id = useId();
  if (students.length === 0 || !currentStudent) return null;
  if (students.length === 1) {
    return (
      <span className={styles.selectorName} data-testid="current-student">
        <span className="visually-hidden">{t('students.selector.current')}: </span>
        {currentStudent.name}
      </span>
    );
  }
  return (
    <span className={styles.selector}>
      <label htmlFor={id} className="visually-hidden">
        {t('students.selector.current')}
      </label>
      <select
        id={id}
        className={styles.selectorSelect}
        value={currentStudent.id}
        onChange={(e) => setCurrentStudentId(Number(e.target.value))}
      >
        {students.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </span>
  );
}
