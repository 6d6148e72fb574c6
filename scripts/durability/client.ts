// The durability run's client: a family's writes, and a ledger of which ones the server acknowledged.

/** Cards of each deck the seed creates, and answers sent in each card-performance save. */
export const SEED_CARDS = 5;
export const RESULTS_PER_SAVE = 3;

export interface Response {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers whose shape each caller knows
  body: any;
}

/** Where the server is now (it moves to a new port at every restart) and the session cookie. */
export interface Target {
  base: string;
  cookie: string;
}

/** A study-session save: `seq` is written into the row (cards_studied, study_duration_seconds) to find it again. */
export interface SentSave {
  seq: number;
  body: Record<string, unknown>;
  acked: boolean;
}

export interface Ledger {
  seq: number;
  saves: Map<number, SentSave>;
  /** Card-performance saves by idempotency key. */
  results: Map<string, { body: Record<string, unknown>; acked: boolean }>;
  /** Imported decks (whose creation was acknowledged) and whether their import-cards was. */
  imports: Map<number, { acked: boolean }>;
  /** Every acknowledged (2xx) write request. */
  ackedWrites: number;
  /** Requests that should have succeeded but got another answer: each is a failure. */
  unexpected: string[];
}

export const newLedger = (): Ledger => ({
  seq: 0,
  saves: new Map(),
  results: new Map(),
  imports: new Map(),
  ackedWrites: 0,
  unexpected: [],
});

/** Seeded random numbers (mulberry32), so a run's choices can be replayed with DURABILITY_SEED. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One request. The answer counts once its status line has arrived (the server answers only after
 * committing); a body cut off by the kill is then null. A request that gets no answer throws.
 */
export async function call(target: Target, method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (target.cookie) headers.cookie = target.cookie;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(target.base + url, { method, headers, body: payload, signal: AbortSignal.timeout(20_000) });
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* cut off or not JSON */
  }
  if (method === 'POST' && url === '/api/auth/local/signup') {
    target.cookie =
      res.headers
        .getSetCookie()
        .find((c) => /^(__Host-)?session=/.test(c))
        ?.split(';')[0] ?? '';
  }
  return { status: res.status, body: parsed };
}

/** What the load writes against: made once per database, before the first kill. */
export interface Seed {
  studentId: number;
  deckId: number;
  cardIds: number[];
  catalogue: { id: string; title: string; color: string; cards: { en: string; es: string }[] };
}

/** Signs up a family with a student and a deck of SEED_CARDS cards, and reads the catalogue. */
export async function seed(target: Target): Promise<Seed> {
  const must = async (res: Promise<Response>, status = 201) => {
    const r = await res;
    if (r.status !== status) throw new Error(`Seeding failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await must(
    call(target, 'POST', '/api/auth/local/signup', {
      email: 'durability@example.com',
      password: 'correct horse battery',
      name: 'Durability',
    }),
  );
  const studentId = (await must(call(target, 'POST', '/api/students', { name: 'Ana' }))).id;
  const deckId = (await must(call(target, 'POST', '/api/decks', { title: 'Animals', student_id: studentId }))).id;
  const cardIds: number[] = [];
  for (let i = 1; i <= SEED_CARDS; i++) {
    const form = new FormData();
    form.append('deck_id', String(deckId));
    form.append('en', `word ${i}`);
    form.append('es', `palabra ${i}`);
    cardIds.push((await must(call(target, 'POST', '/api/cards', form))).id);
  }
  const catalogue = (await must(call(target, 'GET', '/api/catalogue'), 200)).decks[0];
  return { studentId, deckId, cardIds, catalogue };
}

/** The body of save number `seq`: the row it stores is recognisable by (cards_studied, study_duration_seconds). */
function saveBody(s: Seed, seq: number) {
  return {
    student_id: s.studentId,
    deck_id: s.deckId,
    cards_studied: Math.floor(seq / 86_400),
    cards_mastered: 0,
    cards_not_mastered: 0,
    accuracy_percentage: 0,
    study_duration_seconds: seq % 86_400,
    idempotency_key: `durability-save-${seq}`,
  };
}

/** The writes of the load, each recorded in the ledger before it is sent and marked when acknowledged. */
export function operations(target: Target, s: Seed, ledger: Ledger) {
  const expect = (res: Response, statuses: number[], what: string) => {
    if (statuses.includes(res.status)) return true;
    ledger.unexpected.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return false;
  };
  const acked = () => ledger.ackedWrites++;

  return {
    async studySave() {
      const seq = ++ledger.seq;
      const save: SentSave = { seq, body: saveBody(s, seq), acked: false };
      ledger.saves.set(seq, save);
      const res = await call(target, 'POST', '/api/study-sessions', save.body);
      // A key never used before must be stored now (201), not reported as a duplicate.
      if (expect(res, [201], `first save ${seq}`)) {
        save.acked = true;
        acked();
      }
    },

    async cardResults() {
      const key = `durability-results-${ledger.results.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
      const body = {
        student_id: s.studentId,
        card_results: s.cardIds.slice(0, RESULTS_PER_SAVE).map((id, i) => ({ card_id: id, is_correct: i % 2 === 0 })),
        idempotency_key: key,
      };
      const entry = { body, acked: false };
      ledger.results.set(key, entry);
      const res = await call(target, 'POST', '/api/card-performance', body);
      if (expect(res, [201], `card results ${key}`)) {
        entry.acked = true;
        acked();
      }
    },

    /** A copy of the seed deck: the deck and its cards are one transaction. */
    async duplicate() {
      const res = await call(target, 'POST', `/api/decks/${s.deckId}/duplicate`, {
        title: `Dup ${ledger.ackedWrites}`,
      });
      if (expect(res, [201], 'duplicate')) acked();
    },

    /** A catalogue import as the client does it: a new student, the imported deck, then its cards. */
    async importDeck() {
      const student = await call(target, 'POST', '/api/students', { name: `Import ${ledger.imports.size + 1}` });
      if (!expect(student, [201], 'import student') || !student.body) return;
      acked();
      const deck = await call(target, 'POST', '/api/decks', {
        title: s.catalogue.title,
        color: s.catalogue.color,
        student_id: student.body.id,
        is_imported: true,
        original_deck_id: s.catalogue.id,
      });
      if (!expect(deck, [201], 'imported deck') || !deck.body) return;
      acked();
      const entry = { acked: false };
      ledger.imports.set(deck.body.id, entry);
      const res = await call(target, 'POST', `/api/decks/${deck.body.id}/import-cards`, { cards: s.catalogue.cards });
      if (expect(res, [200], 'import cards')) {
        entry.acked = true;
        acked();
      }
    },
  };
}
