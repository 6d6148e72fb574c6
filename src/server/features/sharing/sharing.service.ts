import { randomInt } from 'node:crypto';
import { SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH, SHARE_PREVIEW_CARDS } from '@shared/constants';
import type { Deck } from '@shared/schemas/deck';
import type { Share, SharedDeck } from '@shared/schemas/share';
import type { AppDeps, FamilyId, FamilyScope } from '../../context';
import { inFamiliesTransaction, inUserTransaction } from '../../db/transaction';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import * as access from '../access';
import { cardsOfDeck } from '../cards';
import { countFollowingDecks, findDeck, followingDeckOf, insertDeck, toDeckJson, unlinkFollowingDecks } from '../decks';
import * as repo from './sharing.repository';

/** Made-up, mistyped and revoked codes get the same answer: nothing tells them apart. */
export const shareNotFound = () => new ApiError(404, 'share_not_found', 'No deck is shared under this code');

function newCode(): string {
  let code = '';
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return code;
}

/** Who asks: the person (named as the sharer) and the family whose decks they work on. */
interface Person {
  id: number;
  familyId: FamilyId;
}

/**
 * Decks shared by link (issue 17): a family shares its own deck; anyone signed in previews it and
 * adds it as an imported deck that follows the original: its own deck row (students, archive,
 * memory and progress), with the original's cards, title and media read where they live (issue 23).
 * Stopping gives each following deck its own copy of the cards, once.
 */
export function sharingService(deps: AppDeps) {
  const db = deps.db.kysely;
  const now = () => deps.now().toISOString();

  return {
    /** The deck's link, made on first asking (one active link per deck). */
    async share(person: Person, deckId: number): Promise<Share> {
      return inUserTransaction(deps.db, person.familyId, async (trx) => {
        const deck = await access.deckOwned(trx, person.familyId, deckId);
        if (!deck) throw notFound('No such deck');
        if (deck.imported) throw forbidden('Only your own decks can be shared', 'imported_deck');
        let share = await repo.activeOfDeck(trx, deckId);
        if (!share) {
          const created = { code: newCode(), created_at: now() };
          await repo.insert(trx, { deckId, code: created.code, createdBy: person.id }, created.created_at);
          share = { id: 0, ...created };
        }
        const followers = await countFollowingDecks(trx, deckId);
        return { code: share.code, path: `/shared/${share.code}`, created_at: share.created_at, followers };
      });
    },

    /** Revokes the link; the decks that followed it become their families' own. */
    async stop(who: FamilyScope, deckId: number): Promise<void> {
      const { familyId } = who;
      await inUserTransaction(deps.db, familyId, async (trx) => {
        // The API guard found the deck the family's (deck.share).
        if (!(await repo.revoke(trx, deckId, now()))) throw shareNotFound();
        await unlinkFollowingDecks(trx, familyId, deckId, now());
      });
    },

    /** What the code opens, for any signed-in family. */
    async preview(who: FamilyScope, code: string): Promise<SharedDeck> {
      const { familyId } = who;
      const share = await repo.findActive(db, code);
      if (!share) throw shareNotFound();
      const [cards, added] = await Promise.all([
        cardsOfDeck(db, share.deck_id),
        followingDeckOf(db, familyId, share.deck_id),
      ]);
      return {
        code,
        title: share.title,
        subtitle: share.subtitle,
        color: share.color,
        sharer_name: share.sharer_name,
        card_count: cards.length,
        cards: cards.slice(0, SHARE_PREVIEW_CARDS).map((c) => ({ en: c.en, es: c.es })),
        is_own: share.owner_id === familyId,
        added_deck_id: added ?? null,
      };
    },

    /** Adds the shared deck to the family's decks (for one student, or null: every student), once. */
    async add(who: FamilyScope, code: string, studentId: number | null): Promise<Deck> {
      const { familyId } = who;
      const found = await repo.findActive(db, code);
      if (!found) throw shareNotFound();
      // The sharer's lock too: stopping the share (which copies the cards into every following
      // deck) happens wholly before or wholly after adding.
      return inFamiliesTransaction(deps.db, [familyId, found.owner_id], async (trx) => {
        const share = await repo.findActive(trx, code);
        if (!share || share.owner_id !== found.owner_id) throw shareNotFound();
        if (share.owner_id === familyId) throw conflict('This deck is already yours', 'own_deck');
        if (await followingDeckOf(trx, familyId, share.deck_id)) {
          throw conflict('This deck is already in your decks', 'already_added');
        }
        if (studentId !== null && !(await access.studentOwned(trx, familyId, studentId))) {
          throw notFound('No such student');
        }
        const at = now();
        const id = await insertDeck(
          trx,
          familyId,
          {
            student_id: studentId,
            title: share.title,
            subtitle: share.subtitle,
            color: share.color,
            is_imported: 1,
            original_deck_id: null,
            shared_from_deck_id: share.deck_id,
          },
          at,
        );
        return toDeckJson((await findDeck(trx, familyId, id))!);
      });
    },
  };
}
