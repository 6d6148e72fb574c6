import { AUDIO_MAX_BYTES, IMAGE_MAX_BYTES } from '@shared/constants';
import { createCardFieldsSchema, updateCardFieldsSchema, type Card } from '@shared/schemas/card';
import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inUserTransaction } from '../../db/transaction';
import { ApiError, forbidden, notFound, parseInput } from '../../http/errors';
import * as access from '../access';
import { audioTooLarge, deleteUnusedAudio, encodeAudio, saveAudio, type StoredAudio } from '../audio';
import { deleteUnusedPictures, encodePicture, imageTooLarge, savePicture, type StoredPicture } from '../images';
import { forgetCardAnswers } from '../memory';
import * as repo from './cards.repository';

/** A card form as received: its text fields and the (optional) uploaded files. */
export interface CardUpload {
  fields: Record<string, string>;
  front: File | null;
  back: File | null;
  /** The recordings of the English and Spanish sides. */
  enAudio?: File | null;
  esAudio?: File | null;
}

interface Pictures {
  front: StoredPicture;
  back: StoredPicture;
}

const cardNotFound = () => notFound('No such card');
const deckNotFound = () => notFound('No such deck');
const importedReadOnly = () => forbidden('Cards of an imported deck cannot be changed', 'imported_deck');

/**
 * Re-encodes the uploads. The client sends one picture as both front_image and back_image, so
 * identical files are encoded and stored once; one file alone serves both sides.
 */
async function encodeUploads(familyId: FamilyId, front: File | null, back: File | null): Promise<Pictures | null> {
  if (!front && !back) return null;
  if ((front?.size ?? 0) > IMAGE_MAX_BYTES || (back?.size ?? 0) > IMAGE_MAX_BYTES) throw imageTooLarge();
  const frontBytes = front && Buffer.from(await front.arrayBuffer());
  const backBytes = back && Buffer.from(await back.arrayBuffer());
  if (!frontBytes || !backBytes || frontBytes.equals(backBytes)) {
    const picture = await encodePicture(familyId, (frontBytes ?? backBytes)!);
    return { front: picture, back: picture };
  }
  return { front: await encodePicture(familyId, frontBytes), back: await encodePicture(familyId, backBytes) };
}

async function savePictures(trx: DbHandle, familyId: FamilyId, pictures: Pictures, now: string): Promise<void> {
  await savePicture(trx, familyId, pictures.front, now);
  if (pictures.back.key !== pictures.front.key) await savePicture(trx, familyId, pictures.back, now);
}

interface Recordings {
  en: StoredAudio | null;
  es: StoredAudio | null;
}

/** The refusal of one file, naming its form field so that the client can show it beside that side. */
const onField = (err: ApiError, field: string) =>
  new ApiError(err.status, err.code, err.message, [{ field, code: err.code, message: err.message }]);

/** Re-encodes the recordings of both sides; the same file on both is encoded and stored once. */
async function encodeRecordings(familyId: FamilyId, en: File | null, es: File | null): Promise<Recordings> {
  if ((en?.size ?? 0) > AUDIO_MAX_BYTES) throw onField(audioTooLarge(), 'en_audio');
  if ((es?.size ?? 0) > AUDIO_MAX_BYTES) throw onField(audioTooLarge(), 'es_audio');
  const encode = async (bytes: Buffer | null, field: string) => {
    if (!bytes) return null;
    try {
      return await encodeAudio(familyId, bytes);
    } catch (err) {
      throw err instanceof ApiError ? onField(err, field) : err;
    }
  };
  const enBytes = en && Buffer.from(await en.arrayBuffer());
  const esBytes = es && Buffer.from(await es.arrayBuffer());
  const enAudio = await encode(enBytes, 'en_audio');
  const esAudio = enBytes && esBytes && enBytes.equals(esBytes) ? enAudio : await encode(esBytes, 'es_audio');
  return { en: enAudio, es: esAudio };
}

async function saveRecordings(trx: DbHandle, familyId: FamilyId, recordings: Recordings, now: string): Promise<void> {
  if (recordings.en) await saveAudio(trx, familyId, recordings.en, now);
  if (recordings.es && recordings.es.key !== recordings.en?.key) await saveAudio(trx, familyId, recordings.es, now);
}

/** A new file and its remove flag together are a contradiction the client must resolve. */
function refuseBoth(flag: string, message: string): never {
  throw new ApiError(400, 'invalid_input', `Invalid input: ${flag}`, [{ field: flag, code: 'custom', message }]);
}

async function editableDeck(db: DbHandle, familyId: FamilyId, deckId: number): Promise<void> {
  const deck = await access.deckOwned(db, familyId, deckId);
  if (!deck) throw deckNotFound();
  if (deck.imported) throw importedReadOnly();
}

async function editableCard(db: DbHandle, familyId: FamilyId, cardId: number) {
  const card = await repo.findOwned(db, familyId, cardId);
  if (!card) throw cardNotFound();
  if (card.is_imported) throw importedReadOnly();
  return card;
}

/** Rules of cards: only the owner of an own (not imported) deck may add, edit or delete them. */
export function cardsService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();

  return {
    /** Everything is checked (fields, deck, picture, recordings) before anything is written. */
    async create(who: FamilyScope, upload: CardUpload): Promise<Card> {
      const { familyId } = who;
      const { deck_id: deckId, ...text } = parseInput(createCardFieldsSchema, upload.fields);
      await editableDeck(db, familyId, deckId);
      const pictures = await encodeUploads(familyId, upload.front, upload.back);
      const recordings = await encodeRecordings(familyId, upload.enAudio ?? null, upload.esAudio ?? null);
      return inUserTransaction(deps.db, familyId, async (trx) => {
        await editableDeck(trx, familyId, deckId);
        if (pictures) await savePictures(trx, familyId, pictures, now());
        await saveRecordings(trx, familyId, recordings, now());
        const keys = { front_image_key: pictures?.front.key ?? null, back_image_key: pictures?.back.key ?? null };
        const audioKeys = { en_audio_key: recordings.en?.key ?? null, es_audio_key: recordings.es?.key ?? null };
        const card = await repo.insert(trx, deckId, { ...text, ...keys, ...audioKeys }, now());
        return card;
      });
    },

    /**
     * Edits the texts; a new picture replaces the old one, remove_image=true drops it, neither keeps it.
     * Each side's recording likewise, with remove_en_audio and remove_es_audio.
     */
    async update(who: FamilyScope, cardId: number, upload: CardUpload): Promise<Card> {
      const { familyId } = who;
      const {
        remove_image: removeImage,
        remove_en_audio: removeEnAudio,
        remove_es_audio: removeEsAudio,
        ...text
      } = parseInput(updateCardFieldsSchema, upload.fields);
      if (removeEnAudio && upload.enAudio)
        refuseBoth('remove_en_audio', 'Send a new recording or remove_en_audio, not both');
      if (removeEsAudio && upload.esAudio)
        refuseBoth('remove_es_audio', 'Send a new recording or remove_es_audio, not both');
      if (removeImage && (upload.front || upload.back)) {
        throw new ApiError(400, 'invalid_input', 'Invalid input: remove_image', [
          { field: 'remove_image', code: 'custom', message: 'Send a new picture or remove_image, not both' },
        ]);
      }
      await editableCard(db, familyId, cardId);
      const pictures = await encodeUploads(familyId, upload.front, upload.back);
      const recordings = await encodeRecordings(familyId, upload.enAudio ?? null, upload.esAudio ?? null);
      return inUserTransaction(deps.db, familyId, async (trx) => {
        const old = await editableCard(trx, familyId, cardId);
        let keys = { front_image_key: old.front_image_key, back_image_key: old.back_image_key };
        if (pictures) {
          await savePictures(trx, familyId, pictures, now());
          keys = { front_image_key: pictures.front.key, back_image_key: pictures.back.key };
        } else if (removeImage) {
          keys = { front_image_key: null, back_image_key: null };
        }
        await saveRecordings(trx, familyId, recordings, now());
        const audioKeys = {
          en_audio_key: recordings.en?.key ?? (removeEnAudio ? null : old.en_audio_key),
          es_audio_key: recordings.es?.key ?? (removeEsAudio ? null : old.es_audio_key),
        };
        const card = await repo.update(trx, cardId, { ...text, ...keys, ...audioKeys });
        await deleteUnusedPictures(trx, familyId, [old.front_image_key, old.back_image_key]);
        await deleteUnusedAudio(trx, familyId, [old.en_audio_key, old.es_audio_key]);
        return card;
      });
    },

    /** Deletes the card (its results go by cascade) and its picture and recordings when no other card uses them. */
    async remove(who: FamilyScope, cardId: number): Promise<void> {
      const { familyId } = who;
      await inUserTransaction(deps.db, familyId, async (trx) => {
        const card = await editableCard(trx, familyId, cardId);
        await forgetCardAnswers(trx, cardId);
        await repo.remove(trx, cardId);
        await deleteUnusedPictures(trx, familyId, [card.front_image_key, card.back_image_key]);
        await deleteUnusedAudio(trx, familyId, [card.en_audio_key, card.es_audio_key]);
      });
    },
  };
}
