import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BULK_CARDS_MAX } from '@shared/constants';
import type { FieldError } from '@shared/schemas/common';
import type {
  AnkiImportJob,
  AnkiImportStatus,
  AnkiMapping,
  AnkiPreview,
  BulkCardsResult,
} from '@shared/schemas/transfer';
import { apiFetch, ApiRequestError } from '@client/lib/api-client';
import { chunks, type ImportRow } from '../text-import';

/** Reads the deck lists and decks again; the page supplies it (the deck queries are the decks feature's). */
export type RefreshDecks = () => Promise<unknown>;

export interface BulkProgress {
  done: number;
  total: number;
}

/** A chunk failed: the cards before it were added; `rows` is where the server's row errors point in the source. */
export class BulkImportError extends Error {
  constructor(
    readonly error: unknown,
    readonly done: number,
    readonly rows: { row: number; field: string; error: FieldError }[],
  ) {
    super('Bulk import failed');
  }
}

/**
 * POST /api/decks/{id}/cards/bulk in requests of at most BULK_CARDS_MAX cards, one after another
 * (each all or nothing), starting after the `skip` cards a failed attempt already added.
 */
export async function addCards(
  deckId: number,
  rows: readonly ImportRow[],
  skip: number,
  onProgress: (p: BulkProgress) => void,
): Promise<number> {
  let done = skip;
  onProgress({ done, total: rows.length });
  for (const part of chunks(rows.slice(skip), BULK_CARDS_MAX)) {
    try {
      await apiFetch<BulkCardsResult>(`/api/decks/${deckId}/cards/bulk`, { json: { cards: part.map((r) => r.card) } });
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : [];
      const located = fields.flatMap((f) => {
        const match = /^cards\.(\d+)\.(\w+)$/.exec(f.field);
        const row = match ? part[Number(match[1])]?.row : undefined;
        return row === undefined ? [] : [{ row, field: match![2]!, error: f }];
      });
      throw new BulkImportError(err, done, located);
    }
    done += part.length;
    onProgress({ done, total: rows.length });
  }
  return done;
}

export function useAddCards(refreshDecks: RefreshDecks) {
  return useMutation({
    mutationFn: (vars: {
      deckId: number;
      rows: readonly ImportRow[];
      skip: number;
      onProgress: (p: BulkProgress) => void;
    }) => addCards(vars.deckId, vars.rows, vars.skip, vars.onProgress),
    // Cards added before a failure are in the deck too.
    onSettled: () => refreshDecks(),
    onError: (err) => console.error('Failed to import cards', err),
  });
}

function packageForm(file: File, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** POST /api/imports/anki with dry_run=true: what the package holds and a proposed mapping; nothing is stored. */
export function useAnkiPreview() {
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<AnkiPreview>('/api/imports/anki', { form: packageForm(file, { dry_run: 'true' }) }),
  });
}

/**
 * POST /api/imports/anki with background=true: the import, left running on the server (202); it is
 * followed, and its end heard, through the status (`useAnkiImportStatus`).
 */
export function useAnkiImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      studentId,
      mapping,
      decks,
    }: {
      file: File;
      studentId: number | null;
      mapping: AnkiMapping;
      /** The Anki deck ids to import (every readable one when undefined). */
      decks?: string[];
    }) =>
      apiFetch<AnkiImportJob>('/api/imports/anki', {
        form: packageForm(file, {
          dry_run: 'false',
          background: 'true',
          mapping: JSON.stringify(mapping),
          ...(decks === undefined ? {} : { decks: JSON.stringify(decks) }),
          ...(studentId === null ? {} : { student_id: String(studentId) }),
        }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
    onError: (err) => console.error('Failed to import the Anki package', err),
  });
}

const STATUS_KEY = ['anki-import-status'];
const fetchStatus = () => apiFetch<AnkiImportStatus>('/api/imports/anki/status');
const unfinished = (job: AnkiImportJob) => job.state !== 'done' && job.state !== 'failed';

/**
 * GET /api/imports/anki/status every second while `active` (a package is being sent or read): whether
 * it waits for its turn, or how many of its notes are read, and the family's imports left running.
 */
export function useAnkiImportStatus(active: boolean) {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: fetchStatus,
    enabled: active,
    refetchInterval: active ? 1000 : false,
  });
}

/**
 * The family's imports left running and how they ended: read when the app opens (a reload finds
 * them again), then every 2 seconds while one of them runs.
 */
export function useAnkiImportsLeftRunning(enabled: boolean) {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: fetchStatus,
    enabled,
    refetchInterval: (query) => (query.state.data?.imports.some(unfinished) ? 2000 : false),
    refetchOnWindowFocus: true,
  });
}

/** DELETE /api/imports/anki/{id}: stops an import still running (nothing is saved), or dismisses how one ended. */
export function useDismissAnkiImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/imports/anki/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

/**
 * The imports the open import dialog is showing itself: the notices leave those to it, and take
 * them over once it closes.
 */
const inDialog = new Set<string>();
const dialogListeners = new Set<() => void>();
let dialogVersion = 0;
export const importsInDialog = {
  has: (id: string) => inDialog.has(id),
  set(id: string, shown: boolean) {
    if (shown) inDialog.add(id);
    else inDialog.delete(id);
    dialogVersion += 1;
    for (const listener of dialogListeners) listener();
  },
  subscribe(listener: () => void) {
    dialogListeners.add(listener);
    return () => dialogListeners.delete(listener);
  },
  version: () => dialogVersion,
};

/** GET /api/decks/{id}/export: a download (the server names the file). */
export const exportUrl = (deckId: number, format: 'csv' | 'apkg') => `/api/decks/${deckId}/export?format=${format}`;
