// "A class at a glance" (GET /api/progress/students): a teacher's own account with 40 students
// who share 50 decks of 20 cards, each student having learnt part of them over the past months
// and answered some this month (the review log, memory and answers per quarter hour, as the app
// keeps them).
import { apiClient } from './seed.mjs';

export const CLASS_SIZES = {
  students: 40,
  decks: 50,
  cardsPerDeck: 20,
  // Each student has learnt this share of the cards (the rest are new to them).
  learntShare: 0.5,
};

/** Through the API: the teacher's account and session. */
export async function seedClassThroughApi(baseUrl) {
  const api = apiClient(baseUrl);
  const user = await api.call('POST', '/api/auth/local/signup', {
    email: 'bench-class@example.com',
    password: 'correct horse battery staple',
    name: 'Bench Teacher',
  });
  return { userId: user.id, cookie: api.cookie };
}

/**
 * Straight into the file (inside the caller's transaction, with its memory writer): the students,
 * the decks every student sees (no student of their own), and each student's learnt cards.
 */
export function seedClassBulk(db, memory, familyId, now, random) {
  const created = new Date(now - 200 * 86_400_000).toISOString();
  const insertStudent = db.prepare(
    'insert into students (family_id, name, age, native_language, created_at) values (?, ?, 8, ?, ?)',
  );
  const insertDeck = db.prepare(
    "insert into decks (family_id, student_id, title, subtitle, color, is_imported, original_deck_id, is_archived, created_at) values (?, null, ?, null, '#54a0ff', 0, null, 0, ?)",
  );
  const insertCard = db.prepare(
    'insert into cards (deck_id, en, es, en_pronunciation, es_pronunciation, front_image_key, back_image_key, created_at) values (?, ?, ?, null, null, null, null, ?)',
  );
  const decks = [];
  for (let d = 0; d < CLASS_SIZES.decks; d++) {
    const deckId = Number(insertDeck.run(familyId, `Class deck ${d + 1}`, created).lastInsertRowid);
    const cards = [];
    for (let i = 0; i < CLASS_SIZES.cardsPerDeck; i++) {
      cards.push(Number(insertCard.run(deckId, `word ${d}-${i}`, `palabra ${d}-${i}`, created).lastInsertRowid));
    }
    decks.push({ deckId, cards });
  }
  const learnt = Math.round(CLASS_SIZES.cardsPerDeck * CLASS_SIZES.learntShare);
  for (let s = 0; s < CLASS_SIZES.students; s++) {
    const studentId = Number(
      insertStudent.run(familyId, `Student ${s + 1}`, s % 2 ? 'Spanish' : 'English', created).lastInsertRowid,
    );
    for (const { deckId, cards } of decks) {
      for (const card of cards.slice(0, learnt)) memory.reviewedCard(studentId, deckId, card, now, random);
    }
  }
}
