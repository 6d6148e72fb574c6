import { useTranslation } from 'react-i18next';
import {
  ANKI_DECKS_MAX,
  ANKI_MEDIA_FILES_MAX,
  ANKI_NOTES_MAX,
  ANKI_PACKAGE_MAX_BYTES,
  ANKI_UNCOMPRESSED_MAX_BYTES,
} from '@shared/constants';
import type { AnkiImportJob } from '@shared/schemas/transfer';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';

export const MB = 1024 * 1024;

/** A refused package, said in the user's language with the limit it went over. */
export function useAnkiErrorText() {
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

/** A failed import's reason (kept by the server as an error answer), as an error the app translates. */
export const jobError = (error: NonNullable<AnkiImportJob['error']>) =>
  new ApiRequestError(error.error, error.status, error.code);

/** Where an import left to the server is: waiting its turn, notes read, pictures and sounds made, saving. */
export function useJobProgressText() {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (job: AnkiImportJob): string | null => {
    if (job.state === 'saving') return t('transfer.anki.queue.saving');
    if (job.media && job.media.total > 0) {
      return t('transfer.anki.queue.media', { done: n(job.media.done), total: n(job.media.total) });
    }
    if (job.progress && job.progress.notes_total > 0) {
      return t('transfer.anki.queue.progress', {
        read: n(job.progress.notes_read),
        total: n(job.progress.notes_total),
      });
    }
    if (job.state === 'waiting' && job.ahead !== null) return t('transfer.anki.queue.waiting', { count: job.ahead });
    return null;
  };
}
