import { z } from 'zod';
import { CARD_TEXT_FIELDS, TEXT_FIELD_NAMES, type OptionalTextField, type RequiredTextField } from '../card-fields';
import { BULK_CARDS_MAX } from '../constants';
import { cardFieldsSchema } from './card';
import { idParamSchema } from './common';
import { deckSchema } from './deck';

// ── POST /api/decks/{id}/cards/bulk

/** Body of POST /api/decks/{id}/cards/bulk: every card as the card form validates it; a bad row is named `cards.<n>.<field>`. */
export const bulkCardsSchema = z.object({ cards: z.array(cardFieldsSchema).min(1).max(BULK_CARDS_MAX) });
export type BulkCardsInput = z.input<typeof bulkCardsSchema>;

export const bulkCardsResultSchema = z.object({ created: z.number().int() });
export type BulkCardsResult = z.infer<typeof bulkCardsResultSchema>;

// ── POST /api/imports/anki

/** An Anki note type id (Anki's ids are millisecond timestamps; sent as text, never rounded). */
export const ankiIdSchema = z.string().regex(/^-?[0-9]{1,19}$/);
/** The position of a field in its note type (0 is the first). */
const fieldIndex = z.number().int().nonnegative();

const optionalIndex = fieldIndex.nullable().optional();
type MappingShape = { [K in RequiredTextField]: typeof fieldIndex } & {
  [K in OptionalTextField]: typeof optionalIndex;
};
/** Which of a note type's fields become each declared text field of the card (required ones must be mapped). */
export const ankiFieldMappingSchema = z
  .object(
    Object.fromEntries(
      TEXT_FIELD_NAMES.map((f) => [f, CARD_TEXT_FIELDS[f].required ? fieldIndex : optionalIndex]),
    ) as MappingShape,
  )
  .extend({
    /** A field whose `[sound:…]` becomes the English or Spanish side's audio (a sound in the en/es field itself goes to that side). */
    en_audio: optionalIndex,
    es_audio: optionalIndex,
  });
export type AnkiFieldMapping = z.infer<typeof ankiFieldMappingSchema>;

/** The `mapping` form field (JSON): note type id → field mapping. Notes of a note type left out are skipped. */
export const ankiMappingSchema = z.record(ankiIdSchema, ankiFieldMappingSchema);
export type AnkiMapping = z.infer<typeof ankiMappingSchema>;

/** The text fields of the multipart form (the package itself is the `file` part). */
export const ankiImportFieldsSchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  student_id: idParamSchema.optional(),
  mapping: z.string().optional(),
  /** JSON array of the Anki deck ids to import (as the preview lists them); absent: every readable deck. */
  decks: z.string().optional(),
  /**
   * `true`: answer 202 at once with the import (`ankiImportJobSchema`) and carry on without the
   * request; the parent follows it, and is told when it is done, through GET /api/imports/anki/status.
   */
  background: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The `decks` form field, once parsed. */
export const ankiDeckSelectionSchema = z.array(ankiIdSchema).max(1000);

const count = z.number().int().nonnegative();

/** What the dry run found in the package: enough to choose the mapping. Nothing is stored. */
export const ankiPreviewSchema = z.object({
  /** Which collection file was read: legacy `collection.anki2` / `collection.anki21`, or current `collection.anki21b`. */
  format: z.enum(['anki2', 'anki21', 'anki21b']),
  notes: count,
  /**
   * Decks that hold notes, each to become one of our decks: `name` as it will be titled here
   * ("Parent › Child", entities decoded, within the title limit), `anki_name` as in Anki. A deck
   * whose description cannot be read (`readable: false`) is skipped, and the others imported.
   */
  decks: z.array(
    z.object({ id: ankiIdSchema, name: z.string(), anki_name: z.string(), notes: count, readable: z.boolean() }),
  ),
  note_types: z.array(
    z.object({
      id: ankiIdSchema,
      name: z.string(),
      /** Cloze note types (image occlusion included) cannot become cards here. */
      kind: z.enum(['standard', 'cloze']),
      importable: z.boolean(),
      fields: z.array(z.string()),
      notes: count,
      /** The first notes, each field reduced to plain text; `picture` is the first picture's file name. */
      samples: z.array(z.object({ fields: z.array(z.string()), picture: z.string().nullable(), sounds: count })),
    }),
  ),
  /**
   * A mapping for the importable note types: the parent's last one for a note type with the same
   * name and fields (listed in `remembered`), else guessed from field names and content.
   */
  proposed_mapping: ankiMappingSchema,
  /** Note type ids whose proposed mapping is the one the parent used last time. */
  remembered: z.array(ankiIdSchema),
  /**
   * Media the notes refer to. `sounds_skipped`: sounds that will not become card audio, each named
   * with why (missing from the package, or over the audio size limit).
   */
  media: z.object({
    pictures: count,
    sounds: count,
    sounds_skipped: z.array(z.object({ name: z.string(), reason: z.enum(['missing', 'too_large']) })),
  }),
});
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

/** The real import: the decks made (one per Anki deck with cards), what was made and what was left out. */
export const ankiImportResultSchema = z.object({
  decks: z.array(deckSchema),
  cards: count,
  pictures: count,
  /** Sounds that became card audio. */
  sounds: count,
  skipped: z.object({
    /** Notes not made into cards, by reason. */
    notes: z.object({
      cloze: count,
      /** Note types with fewer than two fields. */
      unsupported: count,
      /** Note types the mapping leaves out. */
      unmapped: count,
      /** English or Spanish empty once reduced to plain text. */
      blank: count,
      /** A text longer than a card allows. */
      too_long: count,
      /** Notes of decks left unticked. */
      deck_not_selected: count,
      /** Notes of decks whose description cannot be read. */
      unreadable_deck: count,
    }),
    /** Names of the decks skipped because their description cannot be read. */
    decks: z.array(z.string()),
    /** Sounds of imported cards that did not become card audio (missing, too large or long, not audio). */
    sounds: count,
    /** Pictures that are missing from the package or could not be read (the card is made without one). */
    pictures: count,
  }),
});
export type AnkiImportResult = z.infer<typeof ankiImportResultSchema>;

// ── GET /api/decks/{id}/export

export const EXPORT_FORMATS = ['csv', 'apkg'] as const;
export const deckExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });

/** An import's id (DELETE /api/imports/anki/{id}). */
export const ankiImportIdSchema = z.string().uuid();

/**
 * An import left to run on the server (`background=true`, or one whose request went away): where it
 * is, then how it ended. Kept for the family until one of its adults dismisses it (DELETE
 * /api/imports/anki/{id}), or for ANKI_IMPORT_KEPT_HOURS; a server restart forgets it.
 */
export const ankiImportJobSchema = z.object({
  id: ankiImportIdSchema,
  /** The package's file name as uploaded (for a failure's notice, when no deck was made). */
  file_name: z.string(),
  /** waiting its turn → reading the package → preparing its pictures and sounds → saving → done or failed. */
  state: z.enum(['waiting', 'reading', 'preparing', 'saving', 'done', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** While waiting: packages of any family to be read before it. */
  ahead: count.nullable(),
  progress: z.object({ notes_read: count, notes_total: count }).nullable(),
  media: z.object({ done: count, total: count }).nullable(),
  /** When done: what was made (as the 201 of a waited-for import). */
  result: ankiImportResultSchema.nullable(),
  /** When failed: why, as an error answer would say it (`code` is what the app translates). */
  error: z.object({ status: z.number().int(), code: z.string(), error: z.string() }).nullable(),
});
export type AnkiImportJob = z.infer<typeof ankiImportJobSchema>;

/**
 * The family's Anki packages in the server's hands (GET /api/imports/anki/status), for the dialog to
 * show while its POST /api/imports/anki is answered: read one at a time, the rest waiting their turn.
 */
export const ankiImportStatusSchema = z.object({
  /** Packages being read now (0 or 1). */
  running: count,
  /** Packages of the family waiting for their turn. */
  waiting: count,
  /** Packages of any family to be read before this family's first waiting one; null when none waits. */
  ahead: count.nullable(),
  /** The package being read: notes read so far of all it holds; null before its collection is open. */
  progress: z.object({ notes_read: count, notes_total: count }).nullable(),
  /** Once read, the package's pictures and sounds being made ready (re-encoded) for its cards; null otherwise. */
  media: z.object({ done: count, total: count }).nullable(),
  /** The family's imports left running, and those finished not dismissed yet, oldest first. */
  imports: z.array(ankiImportJobSchema),
});
export type AnkiImportStatus = z.infer<typeof ankiImportStatusSchema>;
