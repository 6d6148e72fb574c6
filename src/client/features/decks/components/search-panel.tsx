import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { SearchIcon } from '@client/components/ui/icons';
import type { DeckFilter } from '../deck-list';
import styles from './decks.module.css';

interface Props {
  id: string;
  draft: string;
  onDraftChange: (text: string) => void;
  filter: DeckFilter;
  onSearch: (query: string) => void;
  onShowArchivedChange: (on: boolean) => void;
  onClear: () => void;
}

/** The search panel (slides down from the top): query applied on Enter or Search, archived toggle, clear. */
export function SearchPanel({ id, draft, onDraftChange, filter, onSearch, onShowArchivedChange, onClear }: Props) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const checkboxId = useId();
  useEffect(() => inputRef.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const canClear = draft.trim() !== '' || filter.query.trim() !== '' || filter.showArchived;
  return (
    <section id={id} className={styles.searchPanel} aria-label={t('decks.search.panel')}>
      <form role="search" onSubmit={submit}>
        <div className={styles.searchRow}>
          <TextField
            ref={inputRef}
            label={t('decks.search.label')}
            type="search"
            autoComplete="off"
            value={draft}
            onChange={(e) => onDraftChange(e.target.value)}
          />
          <Button type="submit" variant="primary">
            <SearchIcon />
            {t('decks.search.submit')}
          </Button>
        </div>
        <div className={styles.searchOptions}>
          <label className={styles.checkbox} htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={filter.showArchived}
              onChange={(e) => onShowArchivedChange(e.target.checked)}
            />
            {t('decks.search.showArchived')}
          </label>
          <Button onClick={onClear} disabled={!canClear}>
            {t('decks.search.clear')}
          </Button>
        </div>
      </form>
    </section>
  );
}
