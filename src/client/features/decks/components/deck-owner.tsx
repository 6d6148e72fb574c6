import { useTranslation } from 'react-i18next';
import type { Student } from '@shared/schemas/student';
import { useCurrentStudent } from '@client/lib/current-student';
import styles from './decks.module.css';

/** The value of "all children" in the owner choice (a deck with no student_id). */
export const ALL = 'all';

/** "For Ana" / "For all children": whose deck it is. Nothing for a family without students. */
export function OwnerTag({ studentId }: { studentId: number | null }) {
  const { t } = useTranslation();
  const { students } = useCurrentStudent();
  if (students.length === 0) return null;
  const owner = students.find((s) => s.id === studentId);
  return (
    <span className={styles.owner} data-owner={owner ? owner.id : ALL}>
      {owner ? t('decks.owner.for', { name: owner.name }) : t('decks.owner.forAll')}
    </span>
  );
}

/** The name of a deck's owner for messages: the student's name, or null for all children. */
export const ownerName = (students: readonly Student[], studentId: number | null) =>
  students.find((s) => s.id === studentId)?.name ?? null;
