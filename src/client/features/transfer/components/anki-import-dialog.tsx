import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ANKI_DECKS_MAX,
  ANKI_MEDIA_FILES_MAX,
  ANKI_NOTES_MAX,
  ANKI_PACKAGE_MAX_BYTES,
  ANKI_UNCOMPRESSED_MAX_BYTES,
} from '@shared/constants';
import type { AnkiImportResult, AnkiMapping } from '@shared/schemas/transfer';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { useAnkiImport, useAnkiImportStatus, useAnkiPreview, type RefreshDecks } from '../api/transfer-api';
import { AnkiPreviewStep } from './anki-preview';
import { useDialogStrings } from '../strings';
import styles from './transfer.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose the new decks are: the current student, or null for decks shared by all. */
  studentId: number | null;
  studentName: string | null;
  refreshDecks: RefreshDecks;
}

const MB = 1024 * 1024;

/** A refused package, said in the user's language with the limit it went over. */
function useAnkiErrorText() {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const values: Record<string, Record<string, string>> = {
    too_large: { size: n(ANKI_PACKAGE_MAX_BYTES / MB) },
    zip_bomb: { size: n(ANKI_UNCOMPRESSED_MAX_BYTES / MB) },
    too_many_files: { count: n(ANKI_MEDIA_FILES_MAX) },
    too_many_notes: { count: n(ANKI_NOTES_MAX) },
    too_many_decks: { count: n(ANKI_DECKS_MAX) },
  };
  return (err: unknown) => {
    if (err instanceof ApiRequestError) {
      if (err.code === 'invalid_input' && err.fields.some((f) => f.field.startsWith('mapping'))) {
        return t('transfer.anki.errors.mapping');
      }
      const key = `transfer.anki.errors.${err.code}`;
      if (i18n.exists(key)) return t(key, values[err.code]);
    }
    return errorText(err, t('transfer.anki.errors.generic'));
  };
}

/**
 * While the server has the package: "waiting for its turn" (packages are read a few at a time, one
 * per family) or how many of its notes are read. Nothing while the answer is quick.
 */
function AnkiQueueStatus({ active }: { active: boolean }) {
  const { t, i18n } = useTranslation();
  const { data } = useAnkiImportStatus(active);
  if (!active || !data) return null;
  const n = (v: number) => v.toLocaleString(i18n.language);
  let text: string | null = null;
  if (data.media && data.media.total > 0) {
    text = t('transfer.anki.queue.media', { done: n(data.media.done), total: n(data.media.total) });
  } else if (data.progress && data.progress.notes_total > 0) {
    text = t('transfer.anki.queue.progress', {
      read: n(data.progress.notes_read),
      total: n(data.progress.notes_total),
    });
  } else if (data.waiting > 0) {
    text = t('transfer.anki.queue.waiting', { count: data.ahead ?? 0 });
  }
  return text ? (
    <p role="status" className={styles.hint}>
      {text}
    </p>
  ) : null;
}

/** Home's "Import from Anki": choose a package, see what it holds and choose the fields, import, see what was made. */
export function AnkiImportDialog({ open, onOpenChange, studentId, studentName, refreshDecks }: Props) {
  useDialogStrings();
  const { t, i18n } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = useAnkiPreview();
  const run = useAnkiImport(refreshDecks);
  const errorOf = useAnkiErrorText();

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    // Checked here too so a large file is not uploaded for nothing; the server has the last word.
    if (chosen.size > ANKI_PACKAGE_MAX_BYTES) {
      setLocalError(errorOf(new ApiRequestError('', 413, 'too_large')));
      return;
    }
    setLocalError(null);
    setFile(chosen);
    run.reset();
    preview.mutate(chosen);
  };
  const restart = () => {
    setFile(null);
    preview.reset();
    run.reset();
  };
  const submit = (mapping: AnkiMapping, decks: string[]) => file && run.mutate({ file, studentId, mapping, decks });

  const error = localError ?? (preview.error ? errorOf(preview.error) : null);
  let body;
  if (run.data) {
    body = <AnkiResult result={run.data} onClose={() => onOpenChange(false)} />;
  } else if (preview.data && file) {
    body = (
      <AnkiPreviewStep
        preview={preview.data}
        studentName={studentName}
        pending={run.isPending}
        error={run.error ? errorOf(run.error) : null}
        onSubmit={submit}
        onRestart={restart}
      />
    );
  } else {
    body = (
      <div className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={fileId} className={styles.label}>
            {t('transfer.anki.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".apkg"
            className={styles.fileInput}
            aria-describedby={`${fileId}-hint`}
            disabled={preview.isPending}
            onChange={choose}
          />
          <p id={`${fileId}-hint`} className={styles.hint}>
            {t('transfer.anki.fileHint', {
              size: (ANKI_PACKAGE_MAX_BYTES / MB).toLocaleString(i18n.language),
              notes: ANKI_NOTES_MAX.toLocaleString(i18n.language),
            })}
          </p>
        </div>
        {preview.isPending && <Spinner label={t('transfer.anki.reading')} />}
        <AnkiQueueStatus active={preview.isPending} />
        {error && <Alert>{error}</Alert>}
        <div className={styles.footer}>
          <Button onClick={() => onOpenChange(false)}>{t('common.actions.cancel')}</Button>
        </div>
      </div>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('transfer.anki.title')}
      description={t('transfer.anki.description')}
      wide
    >
      {body}
      {run.isPending && <AnkiQueueStatus active />}
    </Dialog>
  );
}

function AnkiResult({ result, onClose }: { result: AnkiImportResult; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const notes = Object.entries(result.skipped.notes).filter(([, count]) => count > 0);
  const { sounds, pictures, decks: unreadable } = result.skipped;
  return (
    <div className={styles.form}>
      <p role="status" className={styles.status}>
        {t('transfer.anki.done')}
      </p>
      <dl className={styles.facts}>
        {(
          [
            ['decks', result.decks.length],
            ['cards', result.cards],
            ['pictures', result.pictures],
            ['sounds', result.sounds],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`transfer.anki.made.${key}`)}</dt>
            <dd>{value.toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>
      {result.decks.length > 0 && (
        <section className={styles.section} aria-labelledby={`${ids}-decks`}>
          <h3 id={`${ids}-decks`}>{t('transfer.anki.madeDecks')}</h3>
          <ul className={styles.list}>
            {result.decks.map((deck) => (
              <li key={deck.id}>
                <Link to={`/deck/${deck.id}`} onClick={onClose}>
                  {deck.title}
                </Link>{' '}
                ({t('transfer.anki.deckCards', { count: deck.card_count })})
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.section} aria-labelledby={`${ids}-skipped`}>
        <h3 id={`${ids}-skipped`}>{t('transfer.anki.skipped')}</h3>
        {notes.length === 0 && sounds === 0 && pictures === 0 && unreadable.length === 0 ? (
          <p className={styles.warning}>{t('transfer.anki.nothingSkipped')}</p>
        ) : (
          <ul className={styles.list}>
            {notes.map(([reason, count]) => (
              <li key={reason}>{t(`transfer.anki.skippedNotes.${reason}`, { count })}</li>
            ))}
            {unreadable.length > 0 && <li>{t('transfer.anki.skippedDecks', { names: unreadable.join(', ') })}</li>}
            {sounds > 0 && <li>{t('transfer.anki.skippedSounds', { count: sounds })}</li>}
            {pictures > 0 && <li>{t('transfer.anki.skippedPictures', { count: pictures })}</li>}
          </ul>
        )}
      </section>
      <div className={styles.footer}>
        <Button variant="primary" onClick={onClose}>
          {t('transfer.anki.close')}
        </Button>
      </div>
    </div>
  );
}
