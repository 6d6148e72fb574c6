// Benchmark data: the account, its session and one deck of cards with a real picture through the
// API (as a user makes them), then the bulk rows written straight into the SQLite file, in one
// transaction, while no server is running.
import Database from 'better-sqlite3';
import { finishMemory, memoryWriter } from './seed-memory.mjs';
import { seedClassBulk, seedClassThroughApi } from './seed-class.mjs';

export const SIZES = {
  decksOfAna: 30, // GET /api/decks?student_id=
  cardsPerDeck: 30, // GET /api/decks/{id}
  decksOfBen: 50, // GET /api/progress/{id}
  resultsOfBen: 100_000,
  resultsOfCleo: 1_000, // the same decks as Ben's, a hundredth of the results (scale)
  decksOfDan: 1_000, // deck list at scale
  cardsPerDeckOfDan: 10,
  resultsPerSession: 30,
  decksOfEve: 200, // GET /api/students/{id}/review: 50,000 memory rows over 200 decks
  cardsPerDeckOfEve: 260,
  knownPerDeckOfEve: 250, // the rest are new cards
  lapsedOfEve: 50, // forgotten in the last half hour, in their relearning step
};

/** A signed-in API client: JSON in and out, the session cookie kept. */
export function apiClient(baseUrl) {
  let cookie = '';
  async function call(method, path, body, extraHeaders = {}) {
    const headers = { ...extraHeaders };
    if (cookie) headers.cookie = cookie;
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(baseUrl + path, { method, headers, body: payload });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  return {
    call,
    get cookie() {
      return cookie;
    },
  };
}

const words = ['cat', 'dog', 'house', 'tree', 'sun', 'moon', 'book', 'water', 'apple', 'bread'];
const palabras = ['gato', 'perro', 'casa', 'árbol', 'sol', 'luna', 'libro', 'agua', 'manzana', 'pan'];
const cardText = (i) => ({
  en: `${words[i % 10]} ${i}`,
  es: `${palabras[i % 10]} ${i}`,
  en_pronunciation: i % 2 ? null : `/${words[i % 10]}/`,
  es_pronunciation: i % 2 ? null : `/${palabras[i % 10]}/`,
});

/**
 * Through the API: sign-up (session cookie), four students, Ana's first deck and its cards, the
 * first of them with `jpeg` as its picture. Returns the ids, the cookie and the upload figures.
 */
export async function seedThroughApi(baseUrl, jpeg) {
  const api = apiClient(baseUrl);
  const user = await api.call('POST', '/api/auth/local/signup', {
    email: 'bench@example.com',
    password: 'correct horse battery staple',
    name: 'Bench Parent',
  });
  const student = (name) => api.call('POST', '/api/students', { name, age: 7, native_language: 'English' });
  const [ana, ben, cleo, dan, eve] = [
    await student('Ana'),
    await student('Ben'),
    await student('Cleo'),
    await student('Dan'),
    await student('Eve'),
  ];
  const deck = await api.call('POST', '/api/decks', {
    title: 'Animals 1',
    subtitle: 'First words',
    color: '#4ecdc4',
    student_id: ana.id,
  });

  const form = new FormData();
  form.set('deck_id', String(deck.id));
  for (const [k, v] of Object.entries(cardText(0))) if (v) form.set(k, v);
  const file = new Blob([jpeg], { type: 'image/jpeg' });
  form.set('front_image', file, 'photo.jpg');
  form.set('back_image', file, 'photo.jpg');
  const started = performance.now();
  const pictureCard = await api.call('POST', '/api/cards', form);
  const uploadMs = performance.now() - started;
  const imageKey = pictureCard.front_image_key;
  for (let i = 1; i < SIZES.cardsPerDeck; i++) {
    const f = new FormData();
    f.set('deck_id', String(deck.id));
    for (const [k, v] of Object.entries(cardText(i))) if (v) f.set(k, v);
    await api.call('POST', '/api/cards', f);
  }
  return {
    userId: user.id,
    cookie: api.cookie,
    students: { ana: ana.id, ben: ben.id, cleo: cleo.id, dan: dan.id, eve: eve.id },
    deckId: deck.id,
    imageKey,
    upload: { inputBytes: jpeg.length, uploadMs },
    classFamily: await seedClassThroughApi(baseUrl),
  };
}

/**
 * Straight into the database file: Ana's other decks, Ben's and Cleo's decks with their card results
 * and study sessions (and the review log and memory the app keeps of them), Dan's 1,000 decks, Eve's
 * 200 decks with 50,000 cards she has learnt over the past months. Timestamps are spread over the
 * past year.
 */
export function seedBulk(dbFile, seeded) {
  // (Rows written here bypass the app, so the running totals it keeps are refreshed at the end.)
  const db = new Database(dbFile);
  db.pragma('foreign_keys = ON');
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const at = (fraction) => new Date(now - year + fraction * year).toISOString();
  let rnd = 1;
  const random = () => {
    rnd = (rnd * 16807) % 2147483647;
    return rnd / 2147483647;
  };
  const colors = [
    '#ff6b6b',
    '#4ecdc4',
    '#45b7d1',
    '#96ceb4',
    '#feca57',
    '#ff9ff3',
    '#54a0ff',
    '#5f27cd',
    '#ff3838',
    '#2ed573',
  ];
  const insertDeck = db.prepare(
    'insert into decks (family_id, student_id, title, subtitle, color, is_imported, original_deck_id, is_archived, created_at) values (?, ?, ?, ?, ?, 0, null, 0, ?)',
  );
  const insertCard = db.prepare(
    'insert into cards (deck_id, en, es, en_pronunciation, es_pronunciation, front_image_key, back_image_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertResult = db.prepare(
    'insert into card_results (student_id, deck_id, card_id, is_correct, created_at) values (?, ?, ?, ?, ?)',
  );
  const insertSession = db.prepare(
    'insert into study_sessions (student_id, deck_id, cards_studied, cards_mastered, cards_not_mastered, accuracy_percentage, study_duration_seconds, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Bulk rows belong to the family the seeded person is in (and the limit reads as that family).
  const familyOf = (userId) =>
    db.prepare('select family_id from family_members where user_id = ?').get(userId).family_id;
  seeded.familyId = familyOf(seeded.userId);
  const { familyId, students, imageKey } = seeded;
  const memory = memoryWriter(db);

  function decks(studentId, count, cardsEach, prefix) {
    const out = [];
    for (let d = 0; d < count; d++) {
      const created = at(d / count);
      const deckId = Number(
        insertDeck.run(
          familyId,
          studentId,
          `${prefix} ${d + 1}`.slice(0, 30),
          d % 3 ? `Subtitle ${d + 1}` : null,
          colors[d % 10],
          created,
        ).lastInsertRowid,
      );
      const cards = [];
      for (let i = 0; i < cardsEach; i++) {
        const t = cardText(d * cardsEach + i);
        const key = i % 3 === 0 ? imageKey : null;
        cards.push(
          Number(
            insertCard.run(deckId, t.en, t.es, t.en_pronunciation, t.es_pronunciation, key, key, created)
              .lastInsertRowid,
          ),
        );
      }
      out.push({ deckId, cards });
    }
    return out;
  }

  /**
   * `total` results in sessions of one deck each; every card has its own chance of being right.
   * Each answer is a review too (Mastered: good, Not mastered: again), as the app saves it.
   */
  function history(studentId, studentDecks, total) {
    const answers = new Map();
    const chance = new Map();
    for (const { cards } of studentDecks) for (const c of cards) chance.set(c, 0.45 + random() * 0.55);
    const sessions = Math.ceil(total / SIZES.resultsPerSession);
    let written = 0;
    for (let s = 0; s < sessions; s++) {
      const { deckId, cards } = studentDecks[s % studentDecks.length];
      const when = at(s / sessions);
      const n = Math.min(SIZES.resultsPerSession, total - written);
      let mastered = 0;
      for (let i = 0; i < n; i++) {
        const card = cards[i % cards.length];
        const right = random() < chance.get(card) ? 1 : 0;
        mastered += right;
        insertResult.run(studentId, deckId, card, right, when);
        const log = answers.get(card) ?? { deckId, reviews: [] };
        log.reviews.push({ rating: right ? 'good' : 'again', at: Date.parse(when) });
        answers.set(card, log);
      }
      written += n;
      insertSession.run(
        studentId,
        deckId,
        n,
        mastered,
        n - mastered,
        (mastered / n) * 100,
        60 + Math.floor(random() * 600),
        when,
      );
    }
    for (const [card, { deckId, reviews }] of answers) memory.card(studentId, deckId, card, reviews);
  }

  db.transaction(() => {
    decks(students.ana, SIZES.decksOfAna - 1, SIZES.cardsPerDeck, 'Ana deck');
    const benDecks = decks(students.ben, SIZES.decksOfBen, SIZES.cardsPerDeck, 'Ben deck');
    history(students.ben, benDecks, SIZES.resultsOfBen);
    const cleoDecks = decks(students.cleo, SIZES.decksOfBen, SIZES.cardsPerDeck, 'Cleo deck');
    history(students.cleo, cleoDecks, SIZES.resultsOfCleo);
    decks(students.dan, SIZES.decksOfDan, SIZES.cardsPerDeckOfDan, 'Dan deck');
    const eveDecks = decks(students.eve, SIZES.decksOfEve, SIZES.cardsPerDeckOfEve, 'Eve deck');
    const lapseEvery = Math.floor((SIZES.decksOfEve * SIZES.knownPerDeckOfEve) / SIZES.lapsedOfEve);
    let known = 0;
    for (const { deckId, cards } of eveDecks) {
      for (const card of cards.slice(0, SIZES.knownPerDeckOfEve)) {
        const lapseAt = ++known % lapseEvery === 0 ? now - 20 * 60_000 : undefined;
        memory.reviewedCard(students.eve, deckId, card, now, random, { lapseAt });
      }
    }
    seedClassBulk(db, memory, familyOf(seeded.classFamily.userId), now, random);
    finishMemory(db);
  })();
  refreshProgressTotals(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const counts = Object.fromEntries(
    ['decks', 'cards', 'card_results', 'study_sessions', 'review_logs', 'memory_states'].map((t) => [
      t,
      db.prepare(`select count(*) as n from ${t}`).get().n,
    ]),
  );
  db.close();
  return counts;
}

/**
 * The app keeps running totals of sessions and answers (migration 0002, study.repository.ts) as it
 * saves them; rows written straight into the file need them recomputed, with the migration's SQL.
 */
function refreshProgressTotals(db) {
  const has = (t) => db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(t);
  if (!has('study_totals') || !has('card_totals')) return;
  db.transaction(() => {
    db.exec('delete from study_totals; delete from card_totals;');
    db.exec(`insert into study_totals (student_id, deck_id, sessions, cards_studied, cards_mastered, study_seconds, last_studied)
      select student_id, deck_id, count(*), sum(cards_studied), sum(cards_mastered), sum(study_duration_seconds), max(created_at)
      from study_sessions group by student_id, deck_id`);
    db.exec(`insert into card_totals (student_id, card_id, deck_id, attempts, correct)
      select student_id, card_id, min(deck_id), count(*), sum(is_correct)
      from card_results group by student_id, card_id`);
  })();
}
