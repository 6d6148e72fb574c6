import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_IMPORT_MAX_BYTES } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { TextAreaField } from '@client/components/ui/field';
import { notify } from '@client/components/ui/toasts';
import uiStyles from '@client/components/ui/ui.module.css';
import type { RefreshDecks } from '../api/transfer-api';
import { decodeText } from '../text-import';
import { ImportPreview } from './import-preview';
import { useDialogStrings } from '../strings';
import styles from './transfer.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deckId: number;
  /** As the page shows it. */
  deckTitle: string;
  refreshDecks: RefreshDecks;
}

const MB = 1024 * 1024;

/** "Import cards" of an own deck: paste a list or choose a text file, then the preview with its mapping, then the import. */
export function ImportCardsDialog({ open, onOpenChange, deckId, deckTitle, refreshDecks }: Props) {
  useDialogStrings();
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  // A new source (pasted or chosen) starts a new preview; `id` tells them apart without comparing texts.
  const [source, setSource] = useState<{ id: number; text: string; fileName: string | null } | null>(null);
  const read = (text: string, fileName: string | null) => setSource({ id: Date.now(), text, fileName });
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > TEXT_IMPORT_MAX_BYTES) {
      setFileError(t('transfer.cards.fileTooLarge', { size: TEXT_IMPORT_MAX_BYTES / MB }));
      return;
    }
    try {
      const text = decodeText(await file.arrayBuffer());
      setFileError(null);
      read(text, file.name);
    } catch {
      setFileError(t('transfer.cards.fileUnreadable'));
    }
  };

  const done = (count: number) => {
    notify(t('transfer.cards.added', { count, title: deckTitle }));
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('transfer.cards.title', { title: deckTitle })}
      description={t('transfer.cards.description')}
      wide
    >
      {source ? (
        <ImportPreview
          key={source.id}
          source={source}
          deckId={deckId}
          refreshDecks={refreshDecks}
          onBack={() => setSource(null)}
          onDone={done}
        />
      ) : (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim()) read(draft, null);
          }}
        >
          <TextAreaField
            className={`${uiStyles.input} ${styles.paste}`}
            label={t('transfer.cards.paste')}
            hint={t('transfer.cards.pasteHint')}
            value={draft}
            spellCheck={false}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className={styles.field}>
            <label htmlFor={fileId} className={styles.label}>
              {t('transfer.cards.file')}
            </label>
            <input
              id={fileId}
              type="file"
              className={styles.fileInput}
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              aria-describedby={fileError ? `${fileId}-error` : undefined}
              onChange={(e) => void choose(e)}
            />
          </div>
          {fileError && (
            <div id={`${fileId}-error`}>
              <Alert>{fileError}</Alert>
            </div>
          )}
          <div className={styles.footer}>
            <Button onClick={() => onOpenChange(false)}>{t('common.actions.cancel')}</Button>
            <Button type="submit" variant="primary" disabled={!draft.trim()}>
              {t('transfer.cards.preview')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
