import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Student } from '@shared/schemas/student';
import { buttonClass } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { useDeckText } from '@client/lib/catalogue';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { useChildModeStrings } from '@client/features/child-mode/strings';
import { useDecks } from '@client/features/decks/api/get-decks';
import { useProgress } from '@client/features/progress/api/progress-api';
import { TodayPanel } from '@client/features/review/components/today-panel';
import styles from './child-home.module.css';

/**
 * `/` in child mode: the locked student's Today panel and their decks, each opening study. No
 * menus: nothing here creates, edits or deletes.
 */
export function ChildHomePage() {
  useChildModeStrings();
  const { t } = useTranslation();
  const { currentStudent, isLoading } = useCurrentStudent();
  if (isLoading) return <Spinner />;
  if (!currentStudent) return <Alert>{t('child-mode.home.loadFailed')}</Alert>;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.greeting}>{t('child-mode.home.greeting', { name: currentStudent.name })}</h1>
      <Today student={currentStudent} />
      <ChildDecks studentId={currentStudent.id} />
      <Link to="/progress" className={buttonClass()}>
        {t('child-mode.home.progress')}
      </Link>
    </main>
  );
}

function Today({ student }: { student: Student }) {
  const progress = useProgress(student.id);
  return (
    <TodayPanel
      studentId={student.id}
      limits={`${student.new_per_day}/${student.max_reviews_per_day}`}
      streak={progress.data?.memory_statistics.streak_days}
      reads={student.reads}
    />
  );
}

function ChildDecks({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const decks = useDecks(studentId);
  const shown = useMemo(() => (decks.data ?? []).filter((d) => !d.is_archived), [decks.data]);
  const text = useDeckText(shown.some((d) => d.is_imported));
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('child-mode.home.decks')}
      </h2>
      {decks.isPending ? (
        <Spinner />
      ) : decks.isError ? (
        <Alert>{errorText(decks.error, t('child-mode.home.loadFailed'))}</Alert>
      ) : shown.length === 0 ? (
        <p>{t('child-mode.home.empty')}</p>
      ) : (
        <ul className={styles.decks}>
          {shown.map((deck) => {
            const { title, subtitle } = text(deck);
            return (
              <li key={deck.id} className={styles.deck} style={{ ['--deck-color' as string]: deck.color }}>
                <Link to={`/study/${deck.id}`} className={styles.deckLink}>
                  <span className={styles.title}>{title}</span>
                  {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
                  {(deck.due_count ?? 0) > 0 && (
                    <span className={styles.due}>{t('child-mode.home.due', { count: deck.due_count })}</span>
                  )}
                  <span className={styles.study} aria-hidden="true">
                    {t('child-mode.home.study')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
