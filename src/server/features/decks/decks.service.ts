import { TEXT_FIELD_NAMES } from '@shared/card-fields';
import { DUPLICATE_TITLE_MAX, DUPLICATE_TITLE_PREFIX, HELPER_AUTHOR_NAME } from '@shared/constants';
import type { CatalogueCard } from '@shared/schemas/catalogue';
import type { createDeckSchema, renameDeckSchema } from '@shared/schemas/deck';
import type { Deck, DeckWithCards } from '@shared/schemas/deck';
import type { z } from 'zod';
import { findCatalogueDeck } from '../../catalogue/index';
import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import type { DbHandle } from '../../db/schema';
import { inUserTransaction } from '../../db/transaction';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import * as access from '../access';
import { copyAudioToFollowers, deleteUnusedAudio } from '../audio';
import { addCards, cardAudioKeys, cardPictureKeys, cardsOfDeck, copyCards, materialiseFollowingCards } from '../cards';
import { copyPicturesToFollowers, deleteUnusedPictures } from '../images';
import { deckReviewCounts, moveMemoryToCopies } from '../memory';
import * as repo from './decks.repository';

type CreateDeck = z.output<typeof createDeckSchema>;
type RenameDeck = z.output<typeof renameDeckSchema>;

/**
 * Deck JSON: booleans as booleans; imported decks are credited to the product's helper author,
 * or, when they follow a deck shared by link, to the person who shared it.
 */
export function toDeckJson(row: repo.DeckRow): Deck {
  const imported = Boolean(row.is_imported);
  const following = row.shared_from_deck_id !== null;
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    color: row.color,
    student_id: row.student_id,
    is_imported: imported,
    original_deck_id: row.original_deck_id,
    is_archived: Boolean(row.is_archived),
    created_at: row.created_at,
    card_count: Number(row.card_count ?? 0),
    creator_name: following ? (row.sharer_name ?? row.user_name) : imported ? HELPER_AUTHOR_NAME : row.user_name,
    creator_avatar: following ? row.sharer_picture : imported ? null : row.user_picture,
    creator_is_helper: imported && !following,
    follows_original: following,
  };
}

const deckNotFound = () => notFound('No such deck');
const studentNotFound = () => notFound('No such student');
const importedReadOnly = () => forbidden('Imported decks cannot be changed', 'imported_deck');
const badField = (field: string, message: string) =>
  new ApiError(400, 'invalid_input', `Invalid input: ${field}`, [{ field, code: 'custom', message }]);

async function load(db: DbHandle, familyId: FamilyId, id: number): Promise<repo.DeckRow> {
  const row = await repo.find(db, familyId, id);
  if (!row) throw deckNotFound();
  return row;
}

/**
 * The decks following the owner's deck `deckId` become own decks of their families (stop sharing,
 * or the original is deleted): each gets, once, its own copies of the original's cards, with its
 * students' memory and answers moved onto them, and its own copies of their pictures and
 * recordings. Nobody who added a deck loses a card or what they learnt of it.
 */
export async function unlinkFollowingDecks(
  trx: DbHandle,
  ownerId: FamilyId,
  deckId: number,
  now: string,
): Promise<void> {
  const followers = await repo.followersOf(trx, deckId);
  if (followers.length === 0) return;
  for (const follower of followers) {
    const pairs = await materialiseFollowingCards(trx, deckId, follower.id, now);
    await moveMemoryToCopies(trx, follower.family_id as FamilyId, follower.id, pairs);
  }
  await copyPicturesToFollowers(trx, ownerId, deckId, now);
  await copyAudioToFollowers(trx, ownerId, deckId, now);
  await repo.unlinkFollowers(trx, deckId);
}

/**
 * Before the user's decks (or one student's) are deleted with their account (or the student): the
 * decks following them become their families' own.
 */
export async function unlinkAllFollowingDecks(
  trx: DbHandle,
  familyId: FamilyId,
  now: string,
  studentId?: number,
): Promise<void> {
  for (const id of await repo.followedDecksOf(trx, familyId, studentId)) {
    await unlinkFollowingDecks(trx, familyId, id, now);
  }
}

/** Rules of decks: ownership, the read-only imported decks, duplication and catalogue imports. */
export function decksService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();

  /** After a conditional update matched nothing: the deck is missing (404) or imported (403). */
  async function refusal(familyId: FamilyId, id: number): Promise<never> {
    await load(db, familyId, id);
    throw importedReadOnly();
  }

  return {
    /**
     * The user's decks, or only those of one of their students (the API guard answers 404 for
     * anyone else's: deck.list), then with
     * that student's due and new cards of each, counted in the local day of `tz`.
     */
    async list(who: FamilyScope, studentId?: number, tz = 'UTC'): Promise<Deck[]> {
      const { familyId } = who;
      if (studentId === undefined) return (await repo.list(db, familyId)).map(toDeckJson);
      const [rows, counts] = await Promise.all([
        repo.list(db, familyId, studentId),
        deckReviewCounts(db, { familyId, studentId, tz, now: deps.now() }),
      ]);
      return rows.map((row) => {
        const c = counts.get(row.id);
        return Object.assign(toDeckJson(row), { due_count: c?.due_count ?? 0, new_count: c?.new_count ?? 0 });
      });
    },

    async get(who: FamilyScope, id: number): Promise<DeckWithCards> {
      const { familyId } = who;
      const row = await load(db, familyId, id);
      // Added to the deck object, not spread into a copy: V8 adds a field to a spread copy slowly
      // (~2 µs, on every deck view). The same JSON, cards last.
      return Object.assign(toDeckJson(row), { cards: await cardsOfDeck(db, id) });
    },

    /** Creates an own deck, or the (still empty) copy of a catalogue deck: once per student. */
    async create(who: FamilyScope, input: CreateDeck): Promise<Deck> {
      const { familyId } = who;
      const originalId = input.original_deck_id ?? null;
      if (input.is_imported && !originalId) throw badField('original_deck_id', 'Required for an imported deck');
      if (!input.is_imported && originalId) throw badField('original_deck_id', 'Only imported decks have one');
      const original = originalId ? findCatalogueDeck(originalId) : undefined;
      if (originalId && !original) throw badField('original_deck_id', 'No such catalogue deck');
      // A deck credited to the catalogue's author carries the catalogue's own title, subtitle and colour.
      const shown = original
        ? { title: original.title, subtitle: original.subtitle, color: original.color }
        : { title: input.title, subtitle: input.subtitle || null, color: input.color };
      const studentId = input.student_id ?? null;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        if (studentId !== null && !(await access.studentOwned(trx, familyId, studentId))) throw studentNotFound();
        if (originalId && (await repo.importExists(trx, familyId, studentId, originalId))) {
          throw conflict('This deck is already imported', 'already_imported');
        }
        const id = await repo.insert(
          trx,
          familyId,
          {
            student_id: studentId,
            ...shown,
            is_imported: input.is_imported ? 1 : 0,
            original_deck_id: originalId,
          },
          now(),
        );
        return toDeckJson(await load(trx, familyId, id));
      });
    },

    /**
     * Renames an own deck; an absent subtitle is kept, an empty one cleared. A `student_id` moves it
     * to that student of the user's (404 for anyone else's), null to every student.
     */
    async rename(who: FamilyScope, id: number, input: RenameDeck): Promise<Deck> {
      const { familyId } = who;
      const subtitle = input.subtitle === undefined ? undefined : input.subtitle || null;
      const studentId = input.student_id;
      const changed = await inUserTransaction(deps.db, familyId, async (trx) => {
        if (typeof studentId === 'number' && !(await access.studentOwned(trx, familyId, studentId))) {
          throw studentNotFound();
        }
        // The decks following it read its title where it lives: one rename is one write.
        return repo.rename(trx, familyId, id, { title: input.title, subtitle, student_id: studentId });
      });
      if (!changed) await refusal(familyId, id);
      return toDeckJson(await load(db, familyId, id));
    },

    async toggleArchived(who: FamilyScope, id: number): Promise<Deck> {
      const { familyId } = who;
      if (!(await repo.toggleArchived(db, familyId, id))) await refusal(familyId, id);
      return toDeckJson(await load(db, familyId, id));
    },

    /** Deletes (or, for an imported deck, removes) the deck with its cards, progress and unused pictures and recordings. */
    async remove(who: FamilyScope, id: number): Promise<void> {
      const { familyId } = who;
      const deleted = await inUserTransaction(deps.db, familyId, async (trx) => {
        const keys = await cardPictureKeys(trx, familyId, { deckId: id });
        const audioKeys = await cardAudioKeys(trx, familyId, { deckId: id });
        if (await access.deckOwned(trx, familyId, id)) await unlinkFollowingDecks(trx, familyId, id, now());
        if (!(await repo.remove(trx, familyId, id))) return false;
        await deleteUnusedPictures(trx, familyId, keys);
        await deleteUnusedAudio(trx, familyId, audioKeys);
        return true;
      });
      if (!deleted) throw deckNotFound();
    },

    /** An own, editable copy of any deck, with all its cards; the title defaults to 'Copy of {title}'. */
    async duplicate(who: FamilyScope, id: number, title: string | undefined): Promise<Deck> {
      const { familyId } = who;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        const source = await load(trx, familyId, id);
        const newId = await repo.insert(
          trx,
          familyId,
          {
            student_id: source.student_id,
            title: title ?? `${DUPLICATE_TITLE_PREFIX}${source.title}`.slice(0, DUPLICATE_TITLE_MAX),
            subtitle: source.subtitle,
            color: source.color,
            is_imported: 0,
            original_deck_id: null,
          },
          now(),
        );
        await copyCards(trx, id, newId, now());
        return toDeckJson(await load(trx, familyId, newId));
      });
    },

    /**
     * Fills an imported deck with the catalogue's cards. Only an imported deck that is still empty
     * accepts them (403 for an own deck, 409 once filled), so a retried import never doubles the cards.
     */
    async importCards(who: FamilyScope, id: number, cards: CatalogueCard[]): Promise<DeckWithCards> {
      const { familyId } = who;
      return inUserTransaction(deps.db, familyId, async (trx) => {
        const deck = await load(trx, familyId, id);
        if (!deck.is_imported) throw forbidden('Cards can only be imported into an imported deck', 'not_imported');
        if (Number(deck.card_count) > 0) throw conflict('This deck already has its cards', 'already_has_cards');
        // The server knows the catalogue: it stores the catalogue's own cards, and refuses any others.
        const original = deck.original_deck_id ? findCatalogueDeck(deck.original_deck_id) : undefined;
        if (!original) throw forbidden('Cards can only be imported into an imported deck', 'not_imported');
        const sameCards =
          cards.length === original.cards.length && cards.every((c, i) => sameCatalogueCard(c, original.cards[i]!));
        if (!sameCards) throw badField('cards', 'These are not the cards of this catalogue deck');
        const newCards = original.cards.map((c) =>
          Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, c[f] || null])),
        ) as Parameters<typeof addCards>[2];
        await addCards(trx, id, newCards, now());
        return { ...toDeckJson(await load(trx, familyId, id)), cards: await cardsOfDeck(trx, id) };
      });
    },
  };
}

/** Whether a card the client sent is the catalogue's card (absent and empty pronunciations are alike). */
function sameCatalogueCard(sent: CatalogueCard, original: CatalogueCard): boolean {
  return TEXT_FIELD_NAMES.every((f) => (sent[f] || '') === (original[f] || ''));
}
