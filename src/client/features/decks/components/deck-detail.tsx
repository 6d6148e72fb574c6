import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { Deck, DeckWithCards } from '@shared/schemas/deck';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { BackIcon } from '@client/components/ui/icons';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { parseRouteId } from '@client/lib/route-id';
import { useAuth } from '../../auth/auth-provider';
import { DeckCards } from '../../cards/components/deck-cards';
import { useDeck } from '../api/get-decks';
import type { DeckDialogAction, DeckDialogTarget } from './deck-dialogs';
import { DeckDialogs } from './lazy-deck-dialogs';
import { Creator } from './creator';
import styles from './decks.module.css';

/** `/deck/{id}`: the deck with its cards (SPEC §2 Deck detail). */
export default function DeckDetailPage() {
  const { t } = useTranslation();
  const { user, isPending: authPending } = useAuth();
  const { id = '' } = useParams();
  const deckId = parseRouteId(id) ?? 0;
  const query = useDeck(deckId);

  if (authPending) return <Spinner />;
  if (!user) return <Navigate to="/" replace />;
  const missing =
    deckId === 0 ||
    (query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400));
  if (missing) {
    return (
      <main id="main">
        <EmptyState
          title={t('decks.detail.notFoundTitle')}
          body={t('decks.detail.notFoundBody')}
          action={
            <Link to="/" className={buttonClass({ variant: 'primary' })}>
              {t('common.actions.goHome')}
            </Link>
          }
        />
      </main>
    );
  }
  return (
    <main id="main">
      {query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <Alert>
          {errorText(query.error, t('common.errors.generic'))}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </Alert>
      ) : (
        <DeckDetail deck={query.data} />
      )}
    </main>
  );
}

function DeckDetail({ deck }: { deck: DeckWithCards }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DeckDialogTarget | null>(null);
  const [status, setStatus] = useState('');
  const own = !deck.is_imported;
  const count = deck.cards.length;
  const items: MenuItem[] = [
    ...(own ? [{ label: t('decks.actions.rename'), onSelect: () => setDialog({ action: 'rename', deck }) }] : []),
    { label: t('decks.actions.duplicate'), onSelect: () => setDialog({ action: 'duplicate', deck }) },
    {
      label: own ? t('decks.actions.delete') : t('decks.actions.remove'),
      onSelect: () => setDialog({ action: 'delete', deck }),
      destructive: true,
    },
  ];
  const done = (action: DeckDialogAction, _deck: Deck, result?: Deck) => {
    setDialog(null);
    if (action === 'delete') void navigate('/', { replace: true });
    else if (action === 'duplicate' && result) void navigate(`/deck/${result.id}`);
    else setStatus(t('decks.status.renamed', { title: result?.title ?? deck.title }));
  };

  return (
    <>
      <Link to="/" className={buttonClass({ variant: 'ghost' })}>
        <BackIcon />
        {t('decks.detail.back')}
      </Link>
      <div className={styles.detailHead}>
        <div className={styles.detailTitle} style={{ '--deck-color': deck.color } as CSSProperties}>
          <h1>{deck.title}</h1>
          {deck.subtitle && <p className={styles.subtitle}>{deck.subtitle}</p>}
          <Creator deck={deck} />
        </div>
        <div className={styles.detailActions}>
          {count > 0 ? (
            <Link to={`/study/${deck.id}`} className={buttonClass({ variant: 'primary' })}>
              {t('decks.detail.studyCount', { count })}
            </Link>
          ) : (
            <Button variant="primary" disabled>
              {t('decks.detail.study')}
            </Button>
          )}
          <Menu label={t('decks.actions.menu', { title: deck.title })} items={items} />
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <DeckCards deckId={deck.id} cards={deck.cards} editable={own} />
      {dialog && <DeckDialogs target={dialog} onClose={() => setDialog(null)} onDone={done} />}
    </>
  );
}
