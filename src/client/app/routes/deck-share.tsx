import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { isNotFound } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { parseRouteId } from '@client/lib/route-id';
import { useDeck, useRefreshDecks } from '@client/features/decks/api/get-decks';
import { SharePanel } from '@client/features/sharing/components/share-panel';

/** `/deck/{id}/share`: an own deck (decks feature) and its link (sharing feature). */
export default function DeckSharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = parseRouteId(useParams().id);
  const query = useDeck(id);
  const refreshDecks = useRefreshDecks();

  if (id === null || isNotFound(query.error) || query.data?.is_imported)
    return <NotFoundScreen title={t('sharing.share.notFoundTitle')} body={t('sharing.share.notFoundBody')} />;
  if (query.isPending) return <Spinner />;
  if (query.error) return <Alert>{errorText(query.error, t('sharing.share.failed'))}</Alert>;
  return (
    <SharePanel
      deckId={id}
      title={query.data.title}
      color={query.data.color}
      backTo="/"
      onStopped={() => {
        void refreshDecks();
        void navigate('/');
      }}
    />
  );
}
