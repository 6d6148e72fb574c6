import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Deck, DeckWithCards } from '@shared/schemas/deck';
import { NotFoundScreen } from '@client/components/not-found-screen';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { BackIcon } from '@client/components/ui/icons';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import { notify } from '@client/components/ui/toasts';
import { isNotFound } from '@client/lib/api-client';
import { useDeckText, useDeckTextPending } from '@client/lib/catalogue';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { isNetworkError } from '@client/lib/offline-store';
import { useNeedsConnection } from '@client/lib/online';
import { useDeck } from '../api/get-decks';
import { useKeptOnDevice } from '../api/offline-decks';
import type { DeckDialogAction, DeckDialogTarget } from './deck-dialogs';
import { DeckDialogs } from './lazy-deck-dialogs';
import { Creator } from './creator';
import { ownerName, OwnerTag } from './deck-owner';
import { needingServer } from './offline-items';
import styles from './decks.module.css';

interface DeckDetailProps {
  /** Null when the address holds no valid id. */
  deckId: number | null;
  /** The deck's cards section (the cards feature's), under the deck's heading. */
  cards: (deck: DeckWithCards) => ReactNode;
  /** Other features' actions in the deck's menu, before delete. */
  menuItems?: (deck: DeckWithCards) => MenuItem[];
}

/** The deck page's content (SPEC §2 Deck detail): the deck and its cards, or why it cannot be shown. */
export function DeckDetail({ deckId, cards, menuItems }: DeckDetailProps) {
  const { t } = useTranslation();
  const query = useDeck(deckId);
  // Read alongside the deck in Spanish: an imported deck's title shows translated from the start.
  const namesPending = useDeckTextPending();

  if (deckId === null || isNotFound(query.error)) {
    return <NotFoundScreen title={t('decks.detail.notFoundTitle')} body={t('decks.detail.notFoundBody')} />;
  }
  return (
    <main id="main">
      {query.isPending || (namesPending && query.data?.is_imported) ? (
        <Spinner />
      ) : query.error ? (
        <Alert>
          {isNetworkError(query.error) ? t('offline.notKept') : errorText(query.error, t('common.errors.generic'))}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </Alert>
      ) : (
        <DeckView deck={query.data} extraItems={menuItems?.(query.data) ?? []}>
          {cards(query.data)}
        </DeckView>
      )}
    </main>
  );
}

function DeckView({
  deck,
  extraItems,
  children,
}: {
  deck: DeckWithCards;
  extraItems: MenuItem[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DeckDialogTarget | null>(null);
  const { students } = useCurrentStudent();
  const text = useDeckText(deck.is_imported)(deck);
  const own = !deck.is_imported;
  const count = deck.cards.length;
  const open = (action: DeckDialogAction) => () => setDialog({ action, deck, title: text.title });
  const offline = useNeedsConnection();
  const [kept, toggleKept] = useKeptOnDevice(deck.id);
  const keepItem: MenuItem = {
    label: kept ? t('offline.keep.off') : t('offline.keep.on'),
    onSelect: () => {
      toggleKept();
      notify(t(kept ? 'offline.keep.dropped' : 'offline.keep.kept', { title: text.title }));
    },
  };
  const items: MenuItem[] = [
    ...needingServer(
      [
        ...(own ? [{ label: t('decks.actions.rename'), onSelect: open('rename') }] : []),
        { label: t('decks.actions.duplicate'), onSelect: open('duplicate') },
        ...(own && students.length > 0 ? [{ label: t('decks.actions.move'), onSelect: open('move') }] : []),
      ],
      offline,
    ),
    keepItem,
    ...extraItems,
    ...needingServer(
      [
        {
          label: own ? t('decks.actions.delete') : t('decks.actions.remove'),
          onSelect: open('delete'),
          destructive: true,
        },
      ],
      offline,
    ),
  ];
  const done = (action: DeckDialogAction, _deck: Deck, result?: Deck) => {
    setDialog(null);
    if (action === 'delete') {
      notify(t(deck.is_imported ? 'decks.status.removed' : 'decks.status.deleted', { title: text.title }));
      void navigate('/', { replace: true });
    } else if (action === 'duplicate' && result) {
      notify(t('decks.status.duplicated', { title: result.title }));
      void navigate(`/deck/${result.id}`);
    } else if (action === 'move') {
      const name = ownerName(students, result?.student_id ?? null);
      notify(
        name
          ? t('decks.status.moved', { title: text.title, name })
          : t('decks.status.movedToAll', { title: text.title }),
      );
    } else notify(t('decks.status.renamed', { title: result?.title ?? deck.title }));
  };

  return (
    <>
      <Link to="/" className={`${buttonClass({ variant: 'ghost' })} ${styles.backLink}`}>
        <BackIcon />
        {t('decks.detail.back')}
      </Link>
      <div className={styles.detailHead}>
        <div className={styles.detailTitle} style={{ '--deck-color': deck.color } as CSSProperties}>
          <h1>{text.title}</h1>
          {text.subtitle && <p className={styles.subtitle}>{text.subtitle}</p>}
          <div className={styles.detailMeta}>
            <Creator deck={deck} />
            <OwnerTag studentId={deck.student_id} />
          </div>
        </div>
        <div className={styles.detailActions}>
          {count > 0 ? (
            <>
              <Link to={`/study/${deck.id}`} className={buttonClass({ variant: 'primary' })}>
                {t('decks.detail.studyCount', { count })}
              </Link>
              <Link to={`/play/${deck.id}`} className={buttonClass()}>
                {t('decks.detail.play')}
              </Link>
            </>
          ) : (
            <Button variant="primary" disabled>
              {t('decks.detail.study')}
            </Button>
          )}
          <Menu label={t('decks.actions.menu', { title: text.title })} items={items} />
        </div>
      </div>
      {children}
      {dialog && <DeckDialogs target={dialog} onClose={() => setDialog(null)} onDone={done} />}
    </>
  );
}
