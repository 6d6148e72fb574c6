import type { AppDeps, SessionUser } from '../../context';
import { inTransaction } from '../../db/transaction';
import { unauthorized } from '../../http/errors';
import { audioOfUser } from '../audio';
import { hasPassword, identitiesOf, profileForExport } from '../auth';
import { bugsOfUser, bugVotesOfUser } from '../bugs';
import { cardsOfUser } from '../cards';
import { decksOfUser } from '../decks';
import { picturesOfUser } from '../images';
import { memoryOf, memoryStatesForExport, reviewLogsForExport } from '../memory';
import { cardResultsOfUser, sessionsOfUser } from '../progress';
import { studentsOfUser } from '../students';
import type { ExportDocument } from './export.schema';

/**
 * A family's own data, to take away: the person's own account (profile, sign-ins, bugs and votes)
 * and everything of their family, nothing of anyone else, each kind read through the feature that owns it.
 */
export function exportService(deps: AppDeps) {
  return {
    /** The whole export document, read from one consistent snapshot. */
    build(person: Pick<SessionUser, 'id' | 'familyId'>): Promise<ExportDocument> {
      const userId = person.id;
      const familyId = person.familyId;
      return inTransaction(
        deps.db,
        async (trx) => {
          const user = await profileForExport(trx, userId);
          // The account was deleted between the session check and now.
          if (!user) throw unauthorized();
          const cardsOf = new Map<number, ExportDocument['decks'][number]['cards']>();
          for (const { deck_id: deckId, ...card } of await cardsOfUser(trx, familyId)) {
            const list = cardsOf.get(deckId);
            if (list) list.push(card);
            else cardsOf.set(deckId, [card]);
          }
          const decks = (await decksOfUser(trx, familyId)).map((d) => ({
            ...d,
            is_imported: Boolean(d.is_imported),
            is_archived: Boolean(d.is_archived),
            cards: cardsOf.get(d.id) ?? [],
          }));
          return {
            format: 'flashcards-export' as const,
            version: 1 as const,
            exported_at: deps.now().toISOString(),
            user: {
              ...user,
              has_password: await hasPassword(trx, userId),
              identities: await identitiesOf(trx, userId),
            },
            students: await studentsOfUser(trx, familyId),
            decks,
            images: (await picturesOfUser(trx, familyId)).map(({ data, ...image }) => ({
              ...image,
              data_base64: Buffer.from(data).toString('base64'),
            })),
            audio: (await audioOfUser(trx, familyId)).map(({ data, ...recording }) => ({
              ...recording,
              data_base64: Buffer.from(data).toString('base64'),
            })),
            study_sessions: await sessionsOfUser(trx, familyId),
            card_results: (await cardResultsOfUser(trx, familyId)).map((r) => ({
              ...r,
              is_correct: Boolean(r.is_correct),
            })),
            review_logs: (await reviewLogsForExport(trx, familyId)) as ExportDocument['review_logs'],
            memory_states: (await memoryStatesForExport(trx, familyId)).map((m) => ({
              student_id: m.student_id,
              card_id: m.card_id,
              deck_id: m.deck_id,
              ...memoryOf(m)!,
              due: m.due,
            })),
            bugs: await bugsOfUser(trx, userId),
            bug_votes: await bugVotesOfUser(trx, userId),
          };
        },
        { snapshot: true },
      );
    },
  };
}
