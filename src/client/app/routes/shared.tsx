import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentStudent } from '@client/lib/current-student';
import { forgetReturnPath } from '@client/lib/return-path';
import { useRefreshDecks } from '@client/features/decks/api/get-decks';
import { SharedDeckPreview } from '@client/features/sharing/components/shared-deck-preview';

/** `/shared/{code}`: a shared deck's preview (sharing feature), added for the current student and opened. */
export default function SharedDeckPage() {
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const { currentStudent } = useCurrentStudent();
  const refreshDecks = useRefreshDecks();
  // Arrived, after signing in if need be: the way back is used up.
  useEffect(forgetReturnPath, []);
  return (
    <SharedDeckPreview
      code={code}
      studentId={currentStudent?.id ?? null}
      studentName={currentStudent?.name ?? null}
      onAdded={(deck) => {
        void refreshDecks();
        void navigate(`/deck/${deck.id}`);
      }}
    />
  );
}
