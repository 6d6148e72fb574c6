import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cardsToCsv } from '@shared/card-csv';
import { textContentOf } from '@shared/card-fields';
import { ANKI_DECKS_MAX, ANKI_IMPORT_QUEUE_MAX, ANKI_IMPORTS_PER_FAMILY, DECK_COLORS } from '@shared/constants';
import type { Deck } from '@shared/schemas/deck';
import {
  ankiDeckSelectionSchema,
  ankiFieldMappingSchema,
  ankiMappingSchema,
  type AnkiImportResult,
  type AnkiImportStatus,
  type AnkiMapping,
  type AnkiPreview,
  type BulkCardsResult,
} from '@shared/schemas/transfer';
import type { z } from 'zod';
import type { cardFieldsSchema } from '@shared/schemas/card';
import type { AppDeps, FamilyId } from '../../context';
import { inTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, fieldErrors, forbidden, notFound } from '../../http/errors';
import * as access from '../access';
import { encodeAudio, saveAudio, type StoredAudio } from '../audio';
import { addCards, cardsOfDeck, followNewCards, type NewCard } from '../cards';
import { findDeck, insertDeck, toDeckJson } from '../decks';
import { encodePicture, findPicture, findVisiblePicture, savePicture, type StoredPicture } from '../images';
import { removeStale, withRemembered } from './anki-import';
import { createAnkiPool, type AnkiPool } from './anki-pool';
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
  /** Families whose read package's pictures and sounds are being re-encoded: how many are done of all. */
  const preparing = new Map<number, { done: number; total: number }>();
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
   * reader put each picture's bytes (null when the package lacks it).
   */
  async function encodePictures(familyId: FamilyId, files: Record<string, string | null>, onDone: () => void) {
    const pictures = new Map<string, Picture | null>();
    for (const [name, file] of Object.entries(files)) {
      let picture: Picture | null = null;
      if (file) {
        const bytes = await fs.promises.readFile(file);
        const hash = createHash('sha256').update(bytes).digest('hex');
        if (await findPicture(db, familyId, hash)) picture = { key: hash, stored: null };
        else {
          picture = await encodePicture(familyId, bytes).then(
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
    }
    return pictures;
  }

  /**
   * Each distinct sound of the cards, by name, through the audio pipeline (checked by content,
   * re-encoded, within its length and size limits); null for one missing, too large or long, or
   * not a sound: the card is made without it.
   */
  async function encodeSounds(familyId: FamilyId, files: Record<string, string | null>, onDone: () => void) {
    const sounds = new Map<string, StoredAudio | null>();
    for (const [name, file] of Object.entries(files)) {
      const audio = file
        ? await encodeAudio(familyId, await fs.promises.readFile(file)).catch((err: unknown) => {
            if (err instanceof ApiError) return null;
            throw err;
          })
        : null;
      sounds.set(name, audio);
      onDone();
    }
    return sounds;
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

  /** Stores what the package reader planned: pictures, sounds, remembered mappings, decks and cards, in one transaction. */
  async function importPackage(
    familyId: FamilyId,
    plan: AnkiPlanResult,
    studentId: number | null,
    mapping: AnkiMapping,
  ) {
    if (plan.decks.length > ANKI_DECKS_MAX) {
      throw new ApiError(413, 'too_many_decks', `The package would make more than ${ANKI_DECKS_MAX} decks`);
    }
    const all = plan.decks.flatMap(([, d]) => d.cards);
    const media = { done: 0, total: Object.keys(plan.pictures).length + Object.keys(plan.sounds).length };
    const step = () => {
      media.done = Math.min(media.total, media.done + 1);
    };
    preparing.set(familyId, media);
    let pictures: Awaited<ReturnType<typeof encodePictures>>;
    let sounds: Awaited<ReturnType<typeof encodeSounds>>;
    try {
      pictures = await encodePictures(familyId, plan.pictures, step);
      sounds = await encodeSounds(familyId, plan.sounds, step);
    } finally {
      preparing.delete(familyId);
    }
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

  return {
    /** Adds every card to an own deck, or none: one transaction; 404 for anyone else's deck, 403 for an imported one. */
    async bulkCreate(familyId: FamilyId, deckId: number, cards: CardFields[]): Promise<BulkCardsResult> {
      return inUserTransaction(deps.db, familyId, async (trx) => {
        const deck = await access.deckOwned(trx, familyId, deckId);
        if (!deck) throw deckNotFound();
        if (deck.imported) throw forbidden('Cards of an imported deck cannot be changed', 'imported_deck');
        await addCards(trx, deckId, cards, now());
        await followNewCards(trx, deckId, now());
        return { created: cards.length };
      });
    },

    /** One of the user's decks (imported ones too) as CSV or an Anki package, read from one snapshot. */
    async exportDeck(familyId: FamilyId, deckId: number, format: 'csv' | 'apkg'): Promise<DeckFile> {
      const { deck, cards, pictures } = await inTransaction(
        deps.db,
        async (trx) => {
          const found = await findDeck(trx, familyId, deckId);
          if (!found) throw deckNotFound();
          const deckCards = await cardsOfDeck(trx, deckId);
          const keys = new Set(deckCards.map((c) => c.front_image_key ?? c.back_image_key).filter(Boolean));
          const bytes = new Map<string, Uint8Array>();
          if (format === 'apkg') {
            for (const key of keys) {
              // A deck following a shared one shows the sharer's pictures: its export carries them too.
              const picture = await findVisiblePicture(trx, familyId, key!);
              if (picture) bytes.set(`${key}.webp`, picture.data);
            }
          }
          return { deck: found, cards: deckCards, pictures: bytes };
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
        cards.map((c) => {
          const key = c.front_image_key ?? c.back_image_key;
          return { ...c, picture: key && pictures.has(`${key}.webp`) ? `${key}.webp` : null };
        }),
        pictures,
        { at: deps.now(), tempRoot },
      );
      return { fileName: safeFileName(deck.title, 'apkg'), contentType: 'application/octet-stream', body };
    },

    /** What the family's packages are doing in the pool: read now, waiting, progress. */
    ankiStatus(familyId: FamilyId): AnkiImportStatus {
      const media = preparing.get(familyId);
      return { ...pool.state(familyId), media: media ? { ...media } : null };
    },

    /** A dry run: what an .apkg holds and a proposed mapping; nothing is stored. */
    async previewAnki(familyId: FamilyId, bytes: Buffer): Promise<AnkiPreview> {
      const dir = taskDir();
      try {
        const preview = await pool.run<AnkiPreview>(familyId, { kind: 'preview', bytes, tempRoot: dir });
        return withRemembered(preview, await rememberedMappings(familyId, preview.note_types));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },

    /** Makes one deck per Anki deck (for the student, or shared) and one card per mapped note, in one transaction. */
    async importAnki(familyId: FamilyId, upload: AnkiUpload): Promise<AnkiImportResult> {
      const mapping = parseMapping(upload.mapping);
      const selectedDecks = parseDecks(upload.decks);
      const studentId = upload.studentId ?? null;
      if (studentId !== null && !(await access.studentOwned(db, familyId, studentId))) throw studentNotFound();
      const dir = taskDir();
      const mediaDir = path.join(dir, 'media');
      fs.mkdirSync(mediaDir);
      try {
        const plan = await pool.run<AnkiPlanResult>(familyId, {
          kind: 'plan',
          bytes: upload.bytes,
          tempRoot: dir,
          mediaDir,
          mapping,
          decks: selectedDecks,
        });
        return await importPackage(familyId, plan, studentId, mapping);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
