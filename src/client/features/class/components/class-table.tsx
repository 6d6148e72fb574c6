import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@shared/constants';
import type { ClassStudent } from '@shared/schemas/class-progress';
import { formatDate } from '@client/lib/dates';
import { COLUMNS, nextSort, type Column, type Sort } from '../class-table';
import styles from './class.module.css';

/**
 * The sortable table of "All students", rows in the order given: a button in each header asks for
 * that order (aria-sort tells which is in force); a name opens the student's progress.
 */
export function ClassTable({
  rows,
  sort,
  onSort,
  onOpen,
}: {
  rows: readonly ClassStudent[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Called as a student's name is followed to their progress (the page makes them current). */
  onOpen: (studentId: number) => void;
}) {
  const { t, i18n } = useTranslation();

  const cell = (s: ClassStudent, column: Exclude<Column, 'name'>) => {
    const value = s[column];
    if (column === 'accuracy_30_days')
      return value === null ? (
        <span className={styles.muted}>{t('class.noAnswers')}</span>
      ) : (
        t('class.percent', { value: Math.round(value as number) })
      );
    if (column === 'last_studied')
      return value === null ? (
        <span className={styles.muted}>{t('class.never')}</span>
      ) : (
        formatDate(value as string, i18n.language as Language)
      );
    return value;
  };

  return (
    // Focusable so that a keyboard can scroll it sideways on a phone.
    <div className={styles.scroller} role="region" aria-label={t('class.scrollLabel')} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('class.caption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                aria-sort={sort.column === column ? sort.direction : undefined}
                className={column === 'name' ? undefined : styles.number}
              >
                <button type="button" className={styles.sortButton} onClick={() => onSort(nextSort(sort, column))}>
                  {t(`class.columns.${column}`)}
                  <span aria-hidden="true" className={styles.arrow}>
                    {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <Link to="/progress" onClick={() => onOpen(s.id)} className={styles.nameLink}>
                  {s.name}
                </Link>
              </th>
              {COLUMNS.slice(1).map((column) => (
                <td key={column} className={styles.number}>
                  {cell(s, column as Exclude<Column, 'name'>)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
