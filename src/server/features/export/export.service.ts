import type { AppDeps } from '../../context';
import { unauthorized } from '../../http/errors';
import { inExportSnapshot } from './export.repository';
import type { ExportDocument } from './export.schema';

/** A family's own data, to take away: everything the user owns and nothing of anyone else. */
export function exportService(deps: AppDeps) {
  return {
    /** The whole export document, read from one consistent snapshot. */
    build(userId: number): Promise<ExportDocument> {
      return inExportSnapshot(deps.db.kysely, async (repo) => {
        const user = await repo.user(userId);
        // The account was deleted between the session check and now.
        if (!user) throw unauthorized();
        const cardsOf = new Map<number, ExportDocument['decks'][number]['cards']>();
        for (const { deck_id: deckId, ...card } of await repo.cards(userId)) {
          const list = cardsOf.get(deckId);
          if (list) list.push(card);
          else cardsOf.set(deckId, [card]);
        }
        const decks = (await repo.decks(userId)).map((d) => ({
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
            has_password: await repo.hasPassword(userId),
            identities: await repo.identities(userId),
          },
          students: await repo.students(userId),
          decks,
          images: (await repo.images(userId)).map(({ data, ...image }) => ({
            ...image,
            data_base64: Buffer.from(data).toString('base64'),
          })),
          study_sessions: await repo.studySessions(userId),
          card_results: (await repo.cardResults(userId)).map((r) => ({ ...r, is_correct: Boolean(r.is_correct) })),
          bugs: await repo.bugs(userId),
          bug_votes: await repo.bugVotes(userId),
        };
      });
    },
  };
}
