// After a restart the client sends again what got no answer, as the app's client would.
import { call, type Ledger, type Seed, type Target } from './client';

/** How many acknowledged saves are sent again each time, to prove they are recognised as done. */
const ACKED_RESENDS = 20;

async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: size }, worker));
}

/**
 * Unanswered saves and imports are sent again with the same idempotency key (or to the same deck):
 * each is then stored (201/200) or recognised as already stored (200 duplicate / 409). Saves that
 * were acknowledged before the kill must come back as duplicates: stored once, never twice.
 */
export async function retryAfterRestart(target: Target, ledger: Ledger, seed: Seed): Promise<void> {
  const bad = (what: string, status: number, body: unknown) =>
    ledger.unexpected.push(`${what} after the restart: ${status} ${JSON.stringify(body)}`);

  const saves = [...ledger.saves.values()];
  const unanswered = saves.filter((s) => !s.acked);
  const sample = saves.filter((s) => s.acked).slice(-ACKED_RESENDS);
  await inPool(unanswered, 8, async (save) => {
    const res = await call(target, 'POST', '/api/study-sessions', save.body);
    if (res.status === 201 || (res.status === 200 && res.body?.duplicate === true)) {
      save.acked = true;
      ledger.ackedWrites++;
    } else bad(`save ${save.seq} sent again`, res.status, res.body);
  });

  await inPool(sample, 8, async (save) => {
    const res = await call(target, 'POST', '/api/study-sessions', save.body);
    if (!(res.status === 200 && res.body?.duplicate === true))
      bad(`acknowledged save ${save.seq} sent again`, res.status, res.body);
  });

  const results = [...ledger.results].filter(([, r]) => !r.acked);
  await inPool(results, 8, async ([key, entry]) => {
    const res = await call(target, 'POST', '/api/card-performance', entry.body);
    if (res.status === 201 || (res.status === 200 && res.body?.duplicate === true)) {
      entry.acked = true;
      ledger.ackedWrites++;
    } else bad(`card results ${key} sent again`, res.status, res.body);
  });

  // The catalogue's cards are the same every time; 409 says the first attempt was stored after all.
  const imports = [...ledger.imports].filter(([, i]) => !i.acked);
  await inPool(imports, 8, async ([deckId, entry]) => {
    const res = await call(target, 'POST', `/api/decks/${deckId}/import-cards`, { cards: seed.catalogue.cards });
    if (res.status === 200 || (res.status === 409 && res.body?.code === 'already_has_cards')) {
      entry.acked = true;
      ledger.ackedWrites++;
    } else bad(`import into deck ${deckId} sent again`, res.status, res.body);
  });
}
