import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deck } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { PlusIcon, SearchIcon } from '@client/components/ui/icons';
import { lazyNamed } from '@client/components/ui/lazy';
import { Menu, type MenuItem } from '@client/components/ui/menu';
import { notify } from '@client/components/ui/toasts';
import { ApiRequestError } from '@client/lib/api-client';
import { useDeckText, useDeckTextPending } from '@client/lib/catalogue';
import { useCurrentStudent } from '@client/lib/current-student';
import { errorText } from '@client/lib/errors';
import { useNeedsConnection } from '@client/lib/online';
import { useArchiveDeck } from '../api/deck-mutations';
import { useDecks } from '../api/get-decks';
import {
  clampPage,
  EMPTY_FILTER,
  filterDecks,
  isFilterActive,
  pageAfterRemoval,
  pageCount,
  pageItems,
  sortNewestFirst,
  type DeckFilter,
} from '../deck-list';
import type { DeckDialogAction, DeckDialogTarget } from './deck-dialogs';
import { DeckDialogs } from './lazy-deck-dialogs';
import { DeckListBody } from './deck-list-body';
import { needingServer } from './offline-items';
import { ownerName } from './deck-owner';
import { SearchPanel } from './search-panel';
import styles from './decks.module.css';

// Dialogs load when first opened, so the deck list's first view stays small.
const CreateDeckDialog = lazyNamed(() => import('./create-deck-dialog').then((m) => m.CreateDeckDialog));
const ImportPanel = lazyNamed(() => import('./import-panel').then((m) => m.ImportPanel));

/** The deck list's heading and a spinner, while the user or the students load. */
export function DecksHomeLoading() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('decks.title')}</h1>
      <Spinner />
    </>
  );
}

function listErrorText(err: unknown, t: (k: string, o?: Record<string, unknown>) => string) {
  if (err instanceof ApiRequestError && err.status > 0) return t('decks.errors.list', { status: err.status });
  return errorText(err, t('common.errors.generic'));
}

/**
 * Signed-in home: the deck list of the current student, or every deck with none (SPEC §2 Home),
 * with `intro` (the page's Today panel) between the heading and the list, and `newItems` (other
 * features' ways to make decks) at the end of the New menu. Give it a new key for another student,
 * who starts on page 1 with no search.
 */
export function DecksHome({
  studentId,
  intro,
  newItems = [],
}: {
  studentId: number | null;
  intro?: ReactNode;
  newItems?: MenuItem[];
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const decksQuery = useDecks(studentId);
  const archive = useArchiveDeck();
  const [filter, setFilter] = useState<DeckFilter>(EMPTY_FILTER);
  const [draft, setDraft] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [requestedPage, setPage] = useState(1);
  const [dialog, setDialog] = useState<DeckDialogTarget | null>(null);
  const [panel, setPanel] = useState<'create' | 'import' | null>(null);
  const { students } = useCurrentStudent();
  const offline = useNeedsConnection();

  // SPEC §8: a failed list shows the error with the list set empty.
  const all = useMemo(
    () => (decksQuery.error ? [] : sortNewestFirst(decksQuery.data ?? [])),
    [decksQuery.data, decksQuery.error],
  );
  const text = useDeckText(all.some((d) => d.is_imported));
  // In Spanish the list waits for the catalogue's titles (read alongside it), so none changes under the reader.
  const namesPending = useDeckTextPending();
  const titleOf = (deck: Deck) => text(deck).title;
  const visible = useMemo(() => filterDecks(all, filter, text), [all, filter, text]);
  const filtering = isFilterActive(filter);
  const pages = pageCount(visible.length);
  const page = clampPage(requestedPage, visible.length);

  const changeFilter = (next: DeckFilter) => {
    setFilter(next);
    setPage(1);
  };
  const clear = () => {
    setDraft('');
    changeFilter(EMPTY_FILTER);
  };
  const toggleArchived = (deck: Deck) => {
    archive.mutate(deck.id, {
      onSuccess: (updated) => {
        const title = titleOf(deck);
        // Undo is the same toggle again.
        notify(t(updated.is_archived ? 'decks.status.archived' : 'decks.status.unarchived', { title }), {
          undo: { label: t('common.actions.undo'), run: () => archive.mutate(deck.id) },
        });
        // An archived deck leaves the default view; keep the page in range.
        if (updated.is_archived && !filter.showArchived) setPage(pageAfterRemoval(page, visible.length));
      },
    });
  };
  const done = (action: DeckDialogAction, deck: Deck, result?: Deck) => {
    setDialog(null);
    if (action === 'delete') {
      notify(t(deck.is_imported ? 'decks.status.removed' : 'decks.status.deleted', { title: titleOf(deck) }));
      setPage(pageAfterRemoval(page, visible.length));
    } else if (action === 'rename') {
      notify(t('decks.status.renamed', { title: result?.title ?? deck.title }));
    } else if (action === 'move') {
      const name = ownerName(students, result?.student_id ?? null);
      const title = titleOf(deck);
      notify(name ? t('decks.status.moved', { title, name }) : t('decks.status.movedToAll', { title }));
      // A deck moved to another child leaves this child's list.
      if (studentId !== null && result?.student_id !== null && result?.student_id !== studentId) {
        setPage(pageAfterRemoval(page, visible.length));
      }
    } else {
      notify(t('decks.status.duplicated', { title: result?.title ?? deck.title }));
      setPage(1);
    }
  };

  return (
    <>
      <div className={styles.toolbar}>
        <h1>{t('decks.title')}</h1>
        <div className={styles.toolbarActions}>
          <Button
            aria-expanded={searchOpen}
            aria-controls={searchOpen ? panelId : undefined}
            onClick={() => setSearchOpen((o) => !o)}
          >
            <SearchIcon />
            {t('decks.search.toggle')}
            {filtering && (
              <>
                <span className={styles.badge} aria-hidden="true">
                  {visible.length}
                </span>
                <span className="visually-hidden"> ({t('decks.search.results', { count: visible.length })})</span>
              </>
            )}
          </Button>
          <div data-tour="create-deck">
            <Menu
              label={t('decks.new')}
              triggerVariant="primary"
              trigger={
                <>
                  <PlusIcon />
                  {t('decks.new')}
                </>
              }
              items={needingServer(
                [
                  { label: t('decks.createNew'), onSelect: () => setPanel('create') },
                  { label: t('decks.importDeck'), onSelect: () => setPanel('import') },
                  ...newItems,
                ],
                offline,
              )}
            />
          </div>
        </div>
      </div>
      {intro}
      {searchOpen && (
        <SearchPanel
          id={panelId}
          draft={draft}
          onDraftChange={setDraft}
          filter={filter}
          onSearch={(query) => changeFilter({ ...filter, query: query.trim() })}
          onShowArchivedChange={(showArchived) => changeFilter({ ...filter, showArchived })}
          onClear={clear}
        />
      )}
      <p role="status" className="visually-hidden">
        {filtering && !decksQuery.isPending ? t('decks.search.status', { count: visible.length }) : ''}
      </p>
      {decksQuery.error && (
        <Alert>
          {listErrorText(decksQuery.error, t)}{' '}
          <Button size="small" onClick={() => void decksQuery.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </Alert>
      )}
      {archive.error && <Alert>{errorText(archive.error, t('decks.errors.archive'))}</Alert>}
      {decksQuery.isPending || namesPending ? (
        <Spinner />
      ) : (
        !decksQuery.error && (
          <DeckListBody
            all={all}
            visible={visible}
            items={pageItems(visible, page)}
            filtering={filtering}
            page={page}
            pages={pages}
            text={text}
            canMove={students.length > 0}
            onPageChange={setPage}
            onCreate={() => setPanel('create')}
            onImport={() => setPanel('import')}
            onShowAll={clear}
            onShowArchived={() => {
              setSearchOpen(true);
              changeFilter({ ...filter, showArchived: true });
            }}
            onAction={(action, deck) => {
              archive.reset();
              setDialog({ action, deck, title: titleOf(deck) });
            }}
            onToggleArchived={toggleArchived}
          />
        )
      )}
      {dialog && <DeckDialogs target={dialog} onClose={() => setDialog(null)} onDone={done} />}
      {panel === 'create' && (
        <CreateDeckDialog
          open={panel === 'create'}
          onOpenChange={(open) => setPanel(open ? 'create' : null)}
          studentId={studentId}
          onCreated={(deck) => {
            setPanel(null);
            setPage(1);
            const name = ownerName(students, deck.student_id);
            notify(
              students.length === 0
                ? t('decks.status.created', { title: deck.title })
                : name
                  ? t('decks.status.createdFor', { title: deck.title, name })
                  : t('decks.status.createdForAll', { title: deck.title }),
            );
          }}
        />
      )}
      {panel === 'import' && (
        <ImportPanel
          open
          onOpenChange={(open) => setPanel(open ? 'import' : null)}
          studentId={studentId}
          decks={all}
          onImported={() => setPage(1)}
        />
      )}
    </>
  );
}
