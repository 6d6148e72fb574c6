import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { AUDIO_MAX_BYTES } from '@shared/constants';
import type { AnkiMapping, AnkiPreview } from '@shared/schemas/transfer';
import { ApiError } from '../../http/errors';
import { openAnkiPackage, planImport, previewOf, type ImportPlan, type PlannedCard } from './anki-import';

/**
 * The thread that reads an uploaded package (unzip, zstd, SQLite, HTML to text), away from the
 * thread that answers requests. The pool (anki-pool.ts) starts it with a heap limit and sends it one
 * task at a time; it terminates the thread when a task runs past its time budget.
 */

export type AnkiTask =
  | { kind: 'preview'; bytes: Uint8Array; tempRoot: string }
  | {
      kind: 'plan';
      bytes: Uint8Array;
      tempRoot: string;
      /** A folder the caller made and removes: the media the cards use are written there. */
      mediaDir: string;
      mapping: AnkiMapping;
      decks: string[] | undefined;
    };

/** What an import needs from the package: the plan, the mapped note types, and its media as files. */
export interface AnkiPlanResult {
  noteTypes: { id: string; name: string; fields: string[] }[];
  decks: [string, { name: string; cards: PlannedCard[] }][];
  skipped: ImportPlan['skipped'];
  unreadableDecks: string[];
  /** A card picture's first media name → the file holding the first of its names the package has; null if none. */
  pictures: Record<string, string | null>;
  /** A sound's name → its file; null when missing or over AUDIO_MAX_BYTES. */
  sounds: Record<string, string | null>;
}

export type AnkiTaskProgress = { notes_read: number; notes_total: number };

export type AnkiWorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: AnkiTaskProgress }
  | { type: 'result'; result: AnkiPreview | AnkiPlanResult }
  | { type: 'error'; error: { status: number; code: string; message: string; fields?: ApiError['fields'] } }
  | { type: 'crash'; message: string };

const post = (message: AnkiWorkerMessage) => parentPort!.postMessage(message);

/** Counts notes as they are read, telling the pool every PROGRESS_EVERY notes (and at the end). */
function counter(total: number) {
  let read = 0;
  post({ type: 'progress', progress: { notes_read: 0, notes_total: total } });
  return () => {
    read += 1;
    if (read % PROGRESS_EVERY === 0 || read === total) {
      post({ type: 'progress', progress: { notes_read: read, notes_total: total } });
    }
  };
}
const PROGRESS_EVERY = 100;

async function plan(task: Extract<AnkiTask, { kind: 'plan' }>): Promise<AnkiPlanResult> {
  const pkg = await openAnkiPackage(
    Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
    task.tempRoot,
  );
  try {
    const made = planImport(pkg.collection, task.mapping, task.decks, counter(pkg.collection.noteCount));
    const cards = [...made.decks.values()].flatMap((d) => d.cards);
    let n = 0;
    const save = (bytes: Buffer) => {
      const file = path.join(task.mediaDir, String(n++));
      fs.writeFileSync(file, bytes, { flag: 'wx', mode: 0o600 });
      return file;
    };
    const pictures: Record<string, string | null> = {};
    for (const card of cards) {
      if (!card.picture || Object.hasOwn(pictures, card.picture[0]!)) continue;
      let file: string | null = null;
      for (const name of card.picture) {
        const bytes = await pkg.media(name);
        if (bytes) {
          file = save(bytes);
          break;
        }
      }
      pictures[card.picture[0]!] = file;
    }
    const sounds: Record<string, string | null> = {};
    for (const name of cards.flatMap((c) => [c.en_sound, c.es_sound])) {
      if (!name || Object.hasOwn(sounds, name)) continue;
      const bytes = await pkg.media(name, AUDIO_MAX_BYTES);
      sounds[name] = bytes ? save(bytes) : null;
    }
    const noteTypes = Object.keys(task.mapping).flatMap((id) => {
      const t = pkg.collection.noteTypes.get(id);
      return t ? [{ id: t.id, name: t.name, fields: t.fields }] : [];
    });
    return {
      noteTypes,
      decks: [...made.decks],
      skipped: made.skipped,
      unreadableDecks: made.unreadableDecks,
      pictures,
      sounds,
    };
  } finally {
    pkg.close();
  }
}

async function run(task: AnkiTask): Promise<AnkiPreview | AnkiPlanResult> {
  if (task.kind === 'plan') return plan(task);
  const pkg = await openAnkiPackage(
    Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
    task.tempRoot,
  );
  try {
    return previewOf(pkg, counter(pkg.collection.noteCount));
  } finally {
    pkg.close();
  }
}

parentPort?.postMessage({ type: 'ready' } satisfies AnkiWorkerMessage);
parentPort?.on('message', (task: AnkiTask) => {
  run(task).then(
    (result) => post({ type: 'result', result }),
    (err: unknown) => {
      if (err instanceof ApiError) {
        post({
          type: 'error',
          error: { status: err.status, code: err.code, message: err.message, fields: err.fields },
        });
      } else post({ type: 'crash', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    },
  );
});
