import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { Button } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { isNotFound } from '@client/lib/api-client';
import { useDeckText } from '@client/lib/catalogue';
import { errorText } from '@client/lib/errors';
import { parseRouteId } from '@client/lib/route-id';
import { useDeck } from '@client/features/decks/api/get-decks';
import { PrintCards } from '@client/features/print/components/print-cards';
import { usePrintStrings } from '@client/features/print/strings';

/** `/deck/{id}/print`: the deck (decks feature, the cache deck detail shares) laid out for printing (print feature). */
export default function DeckPrintPage() {
  usePrintStrings();
  const { t } = useTranslation();
  const id = parseRouteId(useParams().id);
  const query = useDeck(id);
  const text = useDeckText(Boolean(query.data?.is_imported));

  if (id === null || isNotFound(query.error))
    return <NotFoundScreen title={t('print.notFoundTitle')} body={t('print.notFoundBody')} />;
  if (query.isPending) return <Spinner />;
  if (query.error)
    return (
      <main id="main">
        <Alert>{errorText(query.error, t('print.loadFailed'))}</Alert>
        <Button variant="primary" onClick={() => void query.refetch()}>
          {t('print.retry')}
        </Button>
      </main>
    );
  return <PrintCards title={text(query.data).title} cards={query.data.cards} backTo={`/deck/${query.data.id}`} />;
}
