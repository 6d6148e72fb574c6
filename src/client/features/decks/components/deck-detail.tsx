import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Deck, DeckWithCards } from '@shared/schemas/deck';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { BackIcon } from '@client/components/ui/icons';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import { isNotFound } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { useDeck } from '../api/get-decks';
import type { DeckDialogAction, DeckDialogTarget } from './deck-dialogs';
import { DeckDialogs } from './lazy-deck-dialogs';
import { Creator } from './creator';
import styles from './decks.module.css';

interface DeckDetailProps {
  /** Null when the address holds no valid id. */
  deckId: number | null;
  /** The deck's cards section (the cards feature's), under the deck's heading. */
  cards: (deck: DeckWithCards) => ReactNode;
}

/** The deck page's content (SPEC §2 Deck detail): the deck and its cards, or why it cannot be shown. */
export function DeckDetail({ deckId, cards }: DeckDetailProps) {
  const { t } = useTranslation();
  const query = useDeck(deckId);

  if (deckId === null || isNotFound(query.error)) {
    return <NotFoundScreen title={t('decks.detail.notFoundTitle')} body={t('decks.detail.notFoundBody')} />;
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
        <DeckView deck={query.data}>{cards(query.data)}</DeckView>
      )}
    </main>
  );
}

function DeckView({ deck, children }: { deck: DeckWithCards; children: ReactNode }) {
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
      {children}
      {dialog && <DeckDialogs target={dialog} onClose={() => setDialog(null)} onDone={done} />}
    </>
  );
}
