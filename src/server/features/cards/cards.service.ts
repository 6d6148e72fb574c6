import { IMAGE_MAX_BYTES } from '@shared/constants';
import { createCardFieldsSchema, updateCardFieldsSchema, type Card } from '@shared/schemas/card';
import type { AppDeps } from '../../context';
import { ApiError, forbidden, notFound, parseInput } from '../../http/errors';
import type { StoredPicture } from '../images/images.repository';
import { encodePicture, imageTooLarge } from '../images/images.service';
import { cardsRepository, cardsTransaction, type CardsRepository } from './cards.repository';

/** A card form as received: its text fields and the (optional) uploaded files. */
export interface CardUpload {
  fields: Record<string, string>;
  front: File | null;
  back: File | null;
}

interface Pictures {
  front: StoredPicture | null;
  back: StoredPicture | null;
}

const cardNotFound = () => notFound('No such card');
const deckNotFound = () => notFound('No such deck');
const importedReadOnly = () => forbidden('Cards of an imported deck cannot be changed', 'imported_deck');

/**
 * Re-encodes the uploads. The client sends one picture as both front_image and back_image, so
 * identical files are encoded and stored once; one file alone serves both sides.
 */
async function encodeUploads(front: File | null, back: File | null): Promise<Pictures | null> {
  if (!front && !back) return null;
  if ((front?.size ?? 0) > IMAGE_MAX_BYTES || (back?.size ?? 0) > IMAGE_MAX_BYTES) throw imageTooLarge();
  const frontBytes = front && Buffer.from(await front.arrayBuffer());
  const backBytes = back && Buffer.from(await back.arrayBuffer());
  if (!frontBytes || !backBytes || frontBytes.equals(backBytes)) {
    const picture = await encodePicture((frontBytes ?? backBytes)!);
    return { front: picture, back: picture };
  }
  return { front: await encodePicture(frontBytes), back: await encodePicture(backBytes) };
}

async function savePictures(tx: CardsRepository, userId: number, pictures: Pictures, now: string): Promise<void> {
  await tx.savePicture(userId, pictures.front!, now);
  if (pictures.back!.key !== pictures.front!.key) await tx.savePicture(userId, pictures.back!, now);
}

/** Rules of cards: only the owner of an own (not imported) deck may add, edit or delete them. */
export function cardsService(deps: AppDeps) {
  const repo = cardsRepository(deps.db);
  const now = () => deps.now().toISOString();
  const inTransaction = <T>(userId: number, fn: (tx: CardsRepository) => Promise<T>) =>
    cardsTransaction(deps.db, userId, fn);

  async function editableDeck(r: CardsRepository, userId: number, deckId: number) {
    const deck = await r.findDeck(userId, deckId);
    if (!deck) throw deckNotFound();
    if (deck.is_imported) throw importedReadOnly();
  }

  async function editableCard(r: CardsRepository, userId: number, cardId: number) {
    const card = await r.findCard(userId, cardId);
    if (!card) throw cardNotFound();
    if (card.is_imported) throw importedReadOnly();
    return card;
  }

  return {
    /** Everything is checked (fields, deck, picture) before anything is written. */
    async create(userId: number, upload: CardUpload): Promise<Card> {
      const { deck_id: deckId, ...text } = parseInput(createCardFieldsSchema, upload.fields);
      await editableDeck(repo, userId, deckId);
      const pictures = await encodeUploads(upload.front, upload.back);
      return inTransaction(userId, async (tx) => {
        await editableDeck(tx, userId, deckId);
        if (pictures) await savePictures(tx, userId, pictures, now());
        const keys = { front_image_key: pictures?.front?.key ?? null, back_image_key: pictures?.back?.key ?? null };
        return tx.insert(deckId, { ...text, ...keys }, now());
      });
    },

    /** Edits the texts; a new picture replaces the old one, remove_image=true drops it, neither keeps it. */
    async update(userId: number, cardId: number, upload: CardUpload): Promise<Card> {
      const { remove_image: removeImage, ...text } = parseInput(updateCardFieldsSchema, upload.fields);
      if (removeImage && (upload.front || upload.back)) {
        throw new ApiError(400, 'invalid_input', 'Invalid input: remove_image', [
          { field: 'remove_image', code: 'custom', message: 'Send a new picture or remove_image, not both' },
        ]);
      }
      await editableCard(repo, userId, cardId);
      const pictures = await encodeUploads(upload.front, upload.back);
      return inTransaction(userId, async (tx) => {
        const old = await editableCard(tx, userId, cardId);
        let keys = { front_image_key: old.front_image_key, back_image_key: old.back_image_key };
        if (pictures) {
          await savePictures(tx, userId, pictures, now());
          keys = { front_image_key: pictures.front!.key, back_image_key: pictures.back!.key };
        } else if (removeImage) {
          keys = { front_image_key: null, back_image_key: null };
        }
        const card = await tx.update(cardId, { ...text, ...keys });
        await tx.deleteUnusedPictures(userId, [old.front_image_key, old.back_image_key]);
        return card;
      });
    },

    /** Deletes the card (its results go by cascade) and its picture when no other card uses it. */
    async remove(userId: number, cardId: number): Promise<void> {
      await inTransaction(userId, async (tx) => {
        const card = await editableCard(tx, userId, cardId);
        await tx.delete(cardId);
        await tx.deleteUnusedPictures(userId, [card.front_image_key, card.back_image_key]);
      });
    },
  };
}
