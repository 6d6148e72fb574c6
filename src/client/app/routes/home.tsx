import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { Student } from '@shared/schemas/student';
import { Spinner } from '@client/components/ui/feedback';
import { useCurrentStudent } from '@client/lib/current-student';
import { readFlag } from '@client/lib/storage';
import { useRefreshDecks } from '@client/features/decks/api/get-decks';
import { DecksHome, DecksHomeLoading } from '@client/features/decks/components/decks-home';
import { useProgress } from '@client/features/progress/api/progress-api';
import { TodayPanel } from '@client/features/review/components/today-panel';
import { EnterCodeDialog } from '@client/features/sharing/components/lazy-sharing';
import { LazyHomeTour } from '@client/features/tours/components/lazy-home-tour';
import { AnkiImportDialog } from '@client/features/transfer/components/lazy-transfer-dialogs';

/** `/` while the user check runs: a device that was signed in shows the deck list's frame at once. */
export function HomePending() {
  return readFlag('signedIn') ? (
    <main id="main">
      <DecksHomeLoading />
    </main>
  ) : (
    <Spinner />
  );
}

/**
 * The current student's Today panel, with the streak from their progress (the review queue does not
 * carry it). Progress is not read at boot: the streak may show a moment after the counts.
 */
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

/**
 * `/` for a user (visitors get the welcome): onboarding first for new users, the deck list
 * otherwise, with the current student's Today panel above it.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { currentStudent, isLoading } = useCurrentStudent();
  const refreshDecks = useRefreshDecks();
  const [ankiOpen, setAnkiOpen] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const navigate = useNavigate();
  if (!readFlag('onboardingCompleted')) return <Navigate to="/onboarding" replace />;
  return (
    <main id="main">
      {isLoading ? (
        <DecksHomeLoading />
      ) : (
        // Another student starts on page 1 with no search.
        <DecksHome
          key={currentStudent?.id ?? 'all'}
          studentId={currentStudent?.id ?? null}
          intro={currentStudent && <Today student={currentStudent} />}
          newItems={[
            { label: t('transfer.anki.menu'), onSelect: () => setAnkiOpen(true) },
            { label: t('sharing.enterCode.menu'), onSelect: () => setCodeOpen(true) },
          ]}
        />
      )}
      {ankiOpen && (
        <AnkiImportDialog
          open
          onOpenChange={setAnkiOpen}
          studentId={currentStudent?.id ?? null}
          studentName={currentStudent?.name ?? null}
          refreshDecks={refreshDecks}
        />
      )}
      {codeOpen && (
        <EnterCodeDialog open onOpenChange={setCodeOpen} onOpen={(code) => void navigate(`/shared/${code}`)} />
      )}
      <LazyHomeTour />
    </main>
  );
}
