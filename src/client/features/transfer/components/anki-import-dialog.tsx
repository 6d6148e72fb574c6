import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANKI_NOTES_MAX, ANKI_PACKAGE_MAX_BYTES } from '@shared/constants';
import type { AnkiImportJob, AnkiImportResult, AnkiMapping } from '@shared/schemas/transfer';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { ApiRequestError } from '@client/lib/api-client';
import {
  importsInDialog,
  useAnkiImport,
  useAnkiImportStatus,
  useAnkiPreview,
  useDismissAnkiImport,
  type RefreshDecks,
} from '../api/transfer-api';
import { jobError, MB, useAnkiErrorText, useJobProgressText } from './anki-texts';
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

/**
 * An import under way, shown by the dialog: how far it is, and the choice to close the dialog and be
 * told when it is done, or to stop it (nothing is saved).
 */
function AnkiRunning({
  job,
  onLeave,
  onStop,
  stopping,
}: {
  job: AnkiImportJob | undefined;
  onLeave: () => void;
  onStop: () => void;
  stopping: boolean;
}) {
  const { t } = useTranslation();
  const text = useJobProgressText();
  const progress = job ? text(job) : null;
  return (
    <div className={styles.form}>
      <Spinner label={t('transfer.anki.importing')} />
      {progress && (
        <p role="status" className={styles.hint}>
          {progress}
        </p>
      )}
      <p className={styles.hint}>{t('transfer.anki.leaveHint')}</p>
      <div className={styles.footer}>
        <Button onClick={onStop} disabled={stopping || job?.state === 'saving'}>
          {t('transfer.anki.stop')}
        </Button>
        <Button variant="primary" onClick={onLeave}>
          {t('transfer.anki.leave')}
        </Button>
      </div>
    </div>
  );
}

/** Home's "Import from Anki": choose a package, see what it holds and choose the fields, import, see what was made. */
export function AnkiImportDialog({ open, onOpenChange, studentId, studentName, refreshDecks }: Props) {
  useDialogStrings();
  const { t, i18n } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = useAnkiPreview();
  const run = useAnkiImport();
  const dismiss = useDismissAnkiImport();
  const errorOf = useAnkiErrorText();
  const jobId = run.data?.id ?? null;
  const [ended, setEnded] = useState<{ result: AnkiImportResult } | { error: string } | null>(null);
  const status = useAnkiImportStatus(jobId !== null && ended === null);
  const job = jobId ? status.data?.imports.find((j) => j.id === jobId) : undefined;

  // The import this dialog shows is its own: the notices take it over once the dialog closes.
  useEffect(() => {
    if (!jobId || ended) return;
    importsInDialog.set(jobId, true);
    return () => importsInDialog.set(jobId, false);
  }, [jobId, ended]);
  // Its end is shown here, so it is dismissed at once (no notice for it).
  useEffect(() => {
    if (!job || ended) return;
    if (job.state === 'done' && job.result) {
      setEnded({ result: job.result });
      void refreshDecks();
      dismiss.mutate(job.id);
    } else if (job.state === 'failed' && job.error) {
      setEnded({ error: errorOf(jobError(job.error)) });
      dismiss.mutate(job.id);
    }
  }, [job, ended, dismiss, errorOf, refreshDecks]);

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
    setEnded(null);
    preview.mutate(chosen);
  };
  const restart = () => {
    setFile(null);
    preview.reset();
    run.reset();
    setEnded(null);
  };
  const submit = (mapping: AnkiMapping, decks: string[]) => {
    setEnded(null);
    if (file) run.mutate({ file, studentId, mapping, decks });
  };
  const stop = () => {
    if (!jobId) return;
    dismiss.mutate(jobId, { onSuccess: () => run.reset() });
  };

  const error = localError ?? (preview.error ? errorOf(preview.error) : null);
  let body;
  if (ended && 'result' in ended) {
    body = <AnkiResult result={ended.result} onClose={() => onOpenChange(false)} />;
  } else if (jobId && !ended) {
    body = <AnkiRunning job={job} onLeave={() => onOpenChange(false)} onStop={stop} stopping={dismiss.isPending} />;
  } else if (preview.data && file) {
    const failed = ended && 'error' in ended ? ended.error : null;
    body = (
      <AnkiPreviewStep
        preview={preview.data}
        studentName={studentName}
        pending={run.isPending}
        error={failed ?? (run.error ? errorOf(run.error) : null)}
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
