import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cardsToCsv } from '@shared/card-csv';
import { CARD_MEDIA_FIELDS, MEDIA_FIELD_NAMES, textContentOf } from '@shared/card-fields';
import {
  ANKI_DECKS_MAX,
  ANKI_IMPORT_QUEUE_MAX,
  ANKI_IMPORTS_PER_FAMILY,
  AUDIO_DECODE_CONCURRENCY,
  DECK_COLORS,
  IMAGE_DECODE_CONCURRENCY,
} from '@shared/constants';
import type { Deck } from '@shared/schemas/deck';
import {
  ankiDeckSelectionSchema,
  ankiFieldMappingSchema,
  ankiMappingSchema,
  type AnkiImportJob,
  type AnkiImportResult,
  type AnkiImportStatus,
  type AnkiMapping,
  type AnkiPreview,
  type BulkCardsResult,
} from '@shared/schemas/transfer';
import type { z } from 'zod';
import type { cardFieldsSchema } from '@shared/schemas/card';
import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import { inTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, conflict, fieldErrors, forbidden, notFound } from '../../http/errors';
import * as access from '../access';
import { encodeAudio, findVisibleAudio, saveAudio, type StoredAudio } from '../audio';
import { addCards, cardsOfDeck, type NewCard } from '../cards';
import { findDeck, insertDeck, toDeckJson } from '../decks';
import { encodePicture, findPicture, findVisiblePicture, savePicture, type StoredPicture } from '../images';
import { removeStale, withRemembered } from './anki-import';
import { createImportJobs, type ImportJob, type ImportJobs } from './anki-jobs';
import { createAnkiPool, poolErrors, type AnkiPool } from './anki-pool';
import type { AnkiPlanResult } from './anki-worker';
import * as mappings from './anki-mappings.repository';
import { writeApkg } from './anki-writer';

type CardFields = z.output<typeof cardFieldsSchema>;

export interface AnkiUpload {
  bytes: Buffer;
  studentId: number | undefined;
  /** The `mapping` form field as sent (JSON text); required unless a dry run. */
  mapping: string | undefined;
  /** The `decks` form field as sent (JSON array of Anki deck ids); undefined imports every deck. */
  decks: string | undefined;
  /** The package's name as uploaded (shown in the notice of a failed import). */
  fileName: string;
}

export interface DeckFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** A picture for the import: to store (re-encoded), or already stored under its key (`stored` null). */
interface Picture {
  key: string;
  stored: StoredPicture | null;
}

const deckNotFound = () => notFound('No such deck');
const studentNotFound = () => notFound('No such student');

/** The mapping form field, parsed and validated; its problems are named `mapping.<…>`. */
function parseMapping(text: string | undefined): AnkiMapping {
  const invalid = (fields: ReturnType<typeof fieldErrors>) =>
    new ApiError(400, 'invalid_input', 'Invalid input: mapping', fields);
  if (text === undefined || text.trim() === '') {
    throw invalid([{ field: 'mapping', code: 'invalid_type', message: 'Required unless dry_run=true' }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid([{ field: 'mapping', code: 'invalid_format', message: 'Not JSON' }]);
  }
  const result = ankiMappingSchema.safeParse(json);
  if (!result.success) {
    throw invalid(
      fieldErrors(result.error).map((f) => ({ ...f, field: `mapping.${f.field}`.replace(/\.\(body\)$/, '') })),
    );
  }
  return result.data;
}

/** The `decks` form field: the Anki deck ids to import, or undefined for all. */
function parseDecks(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const invalid = (field: string, message: string) =>
    new ApiError(400, 'invalid_input', 'Invalid input: decks', [{ field, code: 'custom', message }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('decks', 'Not JSON');
  }
  const result = ankiDeckSelectionSchema.safeParse(json);
  if (!result.success) {
    const [first] = fieldErrors(result.error);
    throw invalid(`decks.${first?.field ?? ''}`.replace(/\.(\(body\))?$/, ''), first?.message ?? 'Invalid');
  }
  return result.data;
}

/** A note type's key among a family's remembered mappings: the same name and fields, in any package. */
function noteTypeKey(type: { name: string; fields: string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([type.name, type.fields]))
    .digest('hex');
}

/** A file name safe in any Content-Disposition and file system: ASCII letters, digits and dashes. */
/** A stored picture's or recording's file name in an exported package: its key and stored format. */
const mediaFileName = (kind: 'image' | 'audio', key: string) => `${key}.${kind === 'image' ? 'webp' : 'mp3'}`;

export function safeFileName(title: string, extension: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'deck'}.${extension}`;
}

const jobsOfApp = new WeakMap<AppDeps, ImportJobs>();
/** The app's imports in progress and those finished for someone who was not there (one registry per app). */
function importJobsOf(deps: AppDeps): ImportJobs {
  let jobs = jobsOfApp.get(deps);
  if (!jobs) jobsOfApp.set(deps, (jobs = createImportJobs(deps.now)));
  return jobs;
}

/** Runs `work` on every item, at most `limit` at once (the decode queues bound the real work). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Wall and CPU time (this process: the request thread, the package threads and sharp's) of each
 * step an import went through, for its log line: `lap(step)` closes the step that was running.
 */
function stepClock() {
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let mark = { at: performance.now(), cpu: cpuMs() };
  const steps: Record<string, { wall_ms: number; cpu_ms: number }> = {};
  return {
    steps,
    lap(step: string) {
      const now = { at: performance.now(), cpu: cpuMs() };
      steps[step] = { wall_ms: Math.round(now.at - mark.at), cpu_ms: Math.round(now.cpu - mark.cpu) };
      mark = now;
    },
  };
}
type StepClock = ReturnType<typeof stepClock>;

const stopped = () => poolErrors.cancelled();
const importSaving = () =>
  conflict('The import is being saved and can no longer be stopped; it ends in a moment', 'import_saving');

const pools = new WeakMap<AppDeps, AnkiPool>();
/** The app's package-reading threads (one pool per app), sized by its config. */
export function ankiPoolOf(deps: AppDeps): AnkiPool {
  let pool = pools.get(deps);
  if (!pool) {
    const { threads, timeBudgetMs, memoryBudgetMb } = deps.config.ankiImport;
    pool = createAnkiPool({
      workers: threads,
      perFamily: ANKI_IMPORTS_PER_FAMILY,
      queueMax: ANKI_IMPORT_QUEUE_MAX,
      timeBudgetMs,
      memoryBudgetMb,
    });
    pools.set(deps, pool);
  }
  return pool;
}

/** Bringing cards in (pasted rows, Anki packages) and taking a deck out (CSV, Anki package). */
export function transferService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();
  const tempRoot = path.join(deps.config.dataDir, 'tmp');
  const pool = ankiPoolOf(deps);
  const jobs = importJobsOf(deps);
  /**
   * A temp folder for one package, removed by this thread when the answer is given, whatever
   * happens, even when its reader was stopped midway (past its budget).
   */
  const taskDir = () => {
    fs.mkdirSync(tempRoot, { recursive: true });
    removeStale(tempRoot);
    return fs.mkdtempSync(path.join(tempRoot, 'anki-'));
  };

  /**
   * Each distinct picture of the plan, by its first media name: re-encoded, or, when its bytes are
   * exactly a picture the user already has (a deck of theirs exported and brought back), that
   * picture's key, so the round trip keeps the picture as it was. `files`: where the package
   * reader put each picture's bytes (null when the package lacks it). Several at once, as the
   * picture queue allows (a batch: only slots no other family is waiting for); twice as many are
   * read and checked as the queue runs, so that the next one is waiting when a slot comes free.
   */
  async function encodePictures(
    familyId: FamilyId,
    files: Record<string, string | null>,
    onDone: () => void,
    signal: AbortSignal,
  ) {
    const pictures = new Map<string, Picture | null>();
    await eachLimited(Object.entries(files), IMAGE_DECODE_CONCURRENCY * 2, async ([name, file]) => {
      if (signal.aborted) throw stopped();
      let picture: Picture | null = null;
      if (file) {
        const bytes = await fs.promises.readFile(file);
        const hash = createHash('sha256').update(bytes).digest('hex');
        if (await findPicture(db, familyId, hash)) picture = { key: hash, stored: null };
        else {
          picture = await encodePicture(familyId, bytes, { batch: true }).then(
            (stored) => ({ key: stored.key, stored }),
            (err: unknown) => {
              // Not a picture we read (SVG, damaged, too big): the card is made without it.
              if (err instanceof ApiError) return null;
              throw err;
            },
          );
        }
      }
      pictures.set(name, picture);
      onDone();
    });
    // In the package's order, whatever order they were made in.
    return new Map(Object.keys(files).map((name) => [name, pictures.get(name) ?? null]));
  }

  /**
   * Each distinct sound of the cards, by name, through the audio pipeline (checked by content,
   * re-encoded, within its length and size limits); null for one missing, too large or long, or
   * not a sound: the card is made without it. Several at once, as the audio queue allows.
   */
  async function encodeSounds(
    familyId: FamilyId,
    files: Record<string, string | null>,
    onDone: () => void,
    signal: AbortSignal,
  ) {
    const sounds = new Map<string, StoredAudio | null>();
    await eachLimited(Object.entries(files), AUDIO_DECODE_CONCURRENCY, async ([name, file]) => {
      if (signal.aborted) throw stopped();
      const audio = file
        ? await encodeAudio(familyId, await fs.promises.readFile(file), { batch: true }).catch((err: unknown) => {
            if (err instanceof ApiError) return null;
            throw err;
          })
        : null;
      sounds.set(name, audio);
      onDone();
    });
    return new Map(Object.keys(files).map((name) => [name, sounds.get(name) ?? null]));
  }

  /** The family's remembered mappings for the package's note types, by their ids in the package. */
  async function rememberedMappings(
    familyId: FamilyId,
    noteTypes: { id: string; name: string; fields: string[]; kind: string }[],
  ): Promise<AnkiMapping> {
    const types = noteTypes.filter((t) => t.kind !== 'cloze');
    const found = await mappings.find(db, familyId, types.map(noteTypeKey));
    const out: AnkiMapping = {};
    for (const t of types) {
      const text = found.get(noteTypeKey(t));
      const parsed = text ? ankiFieldMappingSchema.safeParse(JSON.parse(text)) : undefined;
      if (parsed?.success) out[t.id] = parsed.data;
    }
    return out;
  }

  /**
   * Stores what the package reader planned: pictures and sounds (made ready side by side), then
   * remembered mappings, decks and cards, in one transaction. Stopped (`job.controller`) any time
   * before that transaction, nothing is stored.
   */
  async function importPackage(
    familyId: FamilyId,
    plan: AnkiPlanResult,
    studentId: number | null,
    mapping: AnkiMapping,
    job: ImportJob,
    clock: StepClock,
  ) {
    if (plan.decks.length > ANKI_DECKS_MAX) {
      throw new ApiError(413, 'too_many_decks', `The package would make more than ${ANKI_DECKS_MAX} decks`);
    }
    const all = plan.decks.flatMap(([, d]) => d.cards);
    const media = { done: 0, total: Object.keys(plan.pictures).length + Object.keys(plan.sounds).length };
    const step = () => {
      media.done = Math.min(media.total, media.done + 1);
    };
    job.state = 'preparing';
    job.media = media;
    const { signal } = job.controller;
    const [pictures, sounds] = await Promise.all([
      encodePictures(familyId, plan.pictures, step, signal),
      encodeSounds(familyId, plan.sounds, step, signal),
    ]);
    if (signal.aborted) throw stopped();
    clock.lap('media');
    job.state = 'saving';
    job.media = null;
    const at = now();
    const decks = await inUserTransaction(deps.db, familyId, async (trx) => {
      if (studentId !== null && !(await access.studentOwned(trx, familyId, studentId))) throw studentNotFound();
      for (const [name, picture] of pictures) {
        if (picture?.stored) await savePicture(trx, familyId, picture.stored, at);
        // A picture reused by key may have been deleted since it was found.
        else if (picture && !(await findPicture(trx, familyId, picture.key))) pictures.set(name, null);
      }
      for (const sound of sounds.values()) if (sound) await saveAudio(trx, familyId, sound, at);
      for (const type of plan.noteTypes) {
        const m = mapping[type.id];
        if (m) await mappings.save(trx, familyId, noteTypeKey(type), JSON.stringify(m), at);
      }
      const made: Deck[] = [];
      let colour = 0;
      for (const [, { name, cards }] of plan.decks) {
        const deckId = await insertDeck(
          trx,
          familyId,
          {
            title: name,
            subtitle: null,
            student_id: studentId,
            color: DECK_COLORS[colour++ % DECK_COLORS.length]!,
            is_imported: 0,
            original_deck_id: null,
          },
          at,
        );
        const rows: NewCard[] = cards.map((c) => {
          const key = (c.picture && pictures.get(c.picture[0]!)?.key) ?? null;
          return {
            ...textContentOf(c),
            front_image_key: key,
            back_image_key: key,
            en_audio_key: (c.en_sound && sounds.get(c.en_sound)?.key) ?? null,
            es_audio_key: (c.es_sound && sounds.get(c.es_sound)?.key) ?? null,
          };
        });
        await addCards(trx, deckId, rows, at);
        made.push(toDeckJson((await findDeck(trx, familyId, deckId))!));
      }
      return made;
    });
    clock.lap('saving');
    const audible = (name: string | null) => (name && sounds.get(name) ? 1 : 0);
    const placed = all.reduce((n, c) => n + audible(c.en_sound) + audible(c.es_sound), 0);
    const referenced = all.reduce((n, c) => n + (c.en_sound ? 1 : 0) + (c.es_sound ? 1 : 0) + c.other_sounds, 0);
    return {
      decks,
      cards: all.length,
      pictures: [...pictures.values()].filter(Boolean).length,
      sounds: placed,
      skipped: {
        notes: plan.skipped,
        decks: plan.unreadableDecks,
        sounds: referenced - placed,
        pictures: all.filter((c) => c.picture && !pictures.get(c.picture[0]!)).length,
      },
    };
  }

  /** One import from the queue to its end, its state kept in `job`; settles as a waited-for answer would. */
  async function runImport(
    job: ImportJob,
    bytes: Buffer,
    mapping: AnkiMapping,
    selectedDecks: string[] | undefined,
    studentId: number | null,
  ): Promise<AnkiImportResult> {
    const dir = taskDir();
    const mediaDir = path.join(dir, 'media');
    fs.mkdirSync(mediaDir);
    const clock = stepClock();
    try {
      const plan = await pool.run<AnkiPlanResult>(
        job.familyId,
        { kind: 'plan', bytes, tempRoot: dir, mediaDir, mapping, decks: selectedDecks },
        { signal: job.controller.signal, ticket: job.ticket },
      );
      clock.lap('reading');
      const result = await importPackage(job.familyId, plan, studentId, mapping, job, clock);
      jobs.finish(job, { result });
      deps.logger.info(
        { job: job.id, cards: result.cards, pictures: result.pictures, sounds: result.sounds, steps: clock.steps },
        'anki import done',
      );
      return result;
    } catch (err) {
      if (job.controller.signal.aborted) jobs.remove(job);
      else if (err instanceof ApiError)
        jobs.finish(job, { error: { status: err.status, code: err.code, error: err.message } });
      else {
        deps.logger.error({ err, job: job.id }, 'anki import failed');
        jobs.finish(job, { error: { status: 500, code: 'internal', error: 'Internal server error' } });
      }
      throw err;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** How an import looks in the status and the 202 answer. */
  function jobView(job: ImportJob): AnkiImportJob {
    return {
      id: job.id,
      file_name: job.fileName,
      state: job.state === 'waiting' && job.ticket.started ? 'reading' : job.state,
      started_at: job.startedAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
      ahead: job.state === 'waiting' ? pool.ahead(job.ticket) : null,
      progress: job.state === 'waiting' && job.ticket.started ? job.ticket.progress : null,
      media: job.media ? { ...job.media } : null,
      result: job.result,
      error: job.error,
    };
  }

  return {
    /** Adds every card to an own deck, or none: one transaction; 404 for anyone else's deck, 403 for an imported one. */
    async bulkCreate(who: FamilyScope, deckId: number, cards: CardFields[]): Promise<BulkCardsResult> {
      const { familyId } = who;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        const deck = await access.deckOwned(trx, familyId, deckId);
        if (!deck) throw deckNotFound();
        if (deck.imported) throw forbidden('Cards of an imported deck cannot be changed', 'imported_deck');
        await addCards(trx, deckId, cards, now());
        return { created: cards.length };
      });
    },

    /** One of the user's decks (imported ones too) as CSV or an Anki package, read from one snapshot. */
    async exportDeck(who: FamilyScope, deckId: number, format: 'csv' | 'apkg'): Promise<DeckFile> {
      const { familyId } = who;
      const { deck, cards, media } = await inTransaction(
        deps.db,
        async (trx) => {
          const found = await findDeck(trx, familyId, deckId);
          if (!found) throw deckNotFound();
          const deckCards = await cardsOfDeck(trx, deckId);
          // Every declared media field's file, by its name in the package (one per key and kind).
          const files = new Map<string, Uint8Array>();
          if (format === 'apkg') {
            for (const c of deckCards) {
              for (const f of MEDIA_FIELD_NAMES) {
                const key = c[f];
                const kind = CARD_MEDIA_FIELDS[f].kind;
                if (!key || files.has(mediaFileName(kind, key))) continue;
                // A deck following a shared one shows the sharer's media: its export carries them too.
                const found = await (kind === 'image' ? findVisiblePicture : findVisibleAudio)(trx, familyId, key);
                if (found) files.set(mediaFileName(kind, key), found.data);
              }
            }
          }
          return { deck: found, cards: deckCards, media: files };
        },
        { snapshot: true },
      );
      if (format === 'csv') {
        const csv = cardsToCsv(cards);
        return {
          fileName: safeFileName(deck.title, 'csv'),
          contentType: 'text/csv; charset=utf-8',
          body: Buffer.from(csv),
        };
      }
      const body = await writeApkg(
        deck.title,
        cards.map((c) => ({
          ...c,
          ...Object.fromEntries(
            MEDIA_FIELD_NAMES.map((f) => {
              const key = c[f];
              const name = key && mediaFileName(CARD_MEDIA_FIELDS[f].kind, key);
              return [f, name && media.has(name) ? name : null];
            }),
          ),
        })),
        media,
        { at: deps.now(), tempRoot },
      );
      return { fileName: safeFileName(deck.title, 'apkg'), contentType: 'application/octet-stream', body };
    },

    /** What the family's packages are doing in the pool (read now, waiting, progress), and its imports left running. */
    ankiStatus(who: FamilyScope): AnkiImportStatus {
      const { familyId } = who;
      const media = jobs.preparing(familyId)?.media;
      return {
        ...pool.state(familyId),
        media: media ? { ...media } : null,
        imports: jobs.listed(familyId).map(jobView),
      };
    },

    /**
     * A dry run: what an .apkg holds and a proposed mapping; nothing is stored. `signal`: the
     * request went away; the package is then not read (or no longer).
     */
    async previewAnki(who: FamilyScope, bytes: Buffer, signal?: AbortSignal): Promise<AnkiPreview> {
      const { familyId } = who;
      const dir = taskDir();
      try {
        const preview = await pool.run<AnkiPreview>(familyId, { kind: 'preview', bytes, tempRoot: dir }, { signal });
        return withRemembered(preview, await rememberedMappings(familyId, preview.note_types));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },

    /**
     * Makes one deck per Anki deck (for the student, or shared) and one card per mapped note, in one
     * transaction. The form is checked first (its errors answer at once); then the import runs on its
     * own, whether or not anyone waits for it. Waited for (`background` false): its result, or its
     * error; should the request go away (`signal`), it carries on and its end is listed for the family
     * as a left-running one's is. `background`: answers the job at once (202).
     */
    async importAnki(
      who: FamilyScope,
      upload: AnkiUpload,
      { background = false, signal }: { background?: boolean; signal?: AbortSignal } = {},
    ): Promise<{ job: AnkiImportJob } | { result: AnkiImportResult }> {
      const { familyId } = who;
      const mapping = parseMapping(upload.mapping);
      const selectedDecks = parseDecks(upload.decks);
      const studentId = upload.studentId ?? null;
      if (studentId !== null && !(await access.studentOwned(db, familyId, studentId))) throw studentNotFound();
      const job = jobs.add(familyId, upload.fileName, background);
      const work = runImport(job, upload.bytes, mapping, selectedDecks, studentId);
      if (background) {
        // The outcome is kept in the job; nothing waits for the promise.
        work.catch(() => {});
        return { job: jobView(job) };
      }
      const leftRunning = () => {
        job.listed = true;
      };
      signal?.addEventListener('abort', leftRunning, { once: true });
      try {
        return { result: await work };
      } finally {
        signal?.removeEventListener('abort', leftRunning);
      }
    },

    /**
     * Stops one of the family's imports (nothing is saved; a package still waiting is never read) or
     * dismisses a finished one's notice. 404 for another family's, 409 `import_saving` while it is saved.
     */
    dismissAnkiImport(who: FamilyScope, id: string): void {
      const { familyId } = who;
      const job = jobs.find(familyId, id);
      if (!job) throw notFound('No such import');
      if (job.state === 'saving') throw importSaving();
      if (job.state !== 'done' && job.state !== 'failed') job.controller.abort();
      jobs.remove(job);
    },
  };
}
