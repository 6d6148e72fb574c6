// Spaced-repetition rows for the benchmark data, written straight into the SQLite file: each card's
// answers into review_logs, its FSRS memory (ts-fsrs with the app's parameters, src/shared/srs.ts)
// into memory_states, and what the app keeps beside them as it saves (memory.repository.ts): the
// new-card cursor of each deck and the answers per UTC quarter hour and mode.
import { fsrs } from 'ts-fsrs';

const STATES = ['new', 'learning', 'review', 'relearning'];
const RATINGS = ['again', 'hard', 'good', 'easy'];
const MINUTE = 60_000;
const DAY = 86_400_000;

// fsrsParameters() with the default desired retention. (The app seeds the fuzz with the card id as
// well; the spread of due dates is what matters here.)
const scheduler = fsrs({
  request_retention: 0.9,
  enable_fuzz: true,
  enable_short_term: true,
  learning_steps: ['1m', '10m'],
  relearning_steps: ['10m'],
});

function emptyCard(at) {
  return {
    due: new Date(at),
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    last_review: undefined,
  };
}

/** Writes reviews and memory; `finish(db)` then derives the cursors and the activity with SQL. */
export function memoryWriter(db) {
  const insertLog = db.prepare(
    'insert into review_logs (student_id, card_id, rating, reviewed_at, duration_ms, created_at) values (?, ?, ?, ?, null, ?)',
  );
  const insertMemory = db.prepare(
    `insert into memory_states (student_id, card_id, deck_id, state, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, last_review) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const next = (c, a) => scheduler.next(c ?? emptyCard(a.at), new Date(a.at), RATINGS.indexOf(a.rating) + 1).card;

  function write(studentId, deckId, cardId, c, answers) {
    for (const { rating, at } of answers) {
      const when = new Date(at).toISOString();
      insertLog.run(studentId, cardId, rating, when, when);
    }
    insertMemory.run(
      studentId,
      cardId,
      deckId,
      STATES[c.state],
      c.due.toISOString(),
      c.stability,
      c.difficulty,
      c.elapsed_days,
      c.scheduled_days,
      c.learning_steps,
      c.reps,
      c.lapses,
      c.last_review.toISOString(),
    );
    return c;
  }

  /** One card's answers `[{ rating, at (ms) }]`, in time order: logged, and its memory stored. */
  function card(studentId, deckId, cardId, answers) {
    return write(studentId, deckId, cardId, answers.reduce(next, null), answers);
  }

  /**
   * A card learnt some time in the last `days` days and reviewed whenever it came due, until its
   * next review lies at most three days back (a child who reviews most days); `random` decides the
   * start and each answer (one in ten forgotten). With `lapseAt`, forgotten once more at that time.
   */
  function reviewedCard(studentId, deckId, cardId, now, random, { days = 120, lapseAt } = {}) {
    const start = now - (1 + Math.floor(random() * days)) * DAY - Math.floor(random() * DAY);
    const answers = [];
    let c = null;
    const answer = (rating, at) => {
      const a = { rating, at };
      answers.push(a);
      c = next(c, a);
    };
    answer('good', start);
    answer('good', start + 10 * MINUTE);
    while (+c.due < now - 3 * DAY) {
      // In the day's session (16:00–16:30 UTC), or when the card comes due if that is later.
      const at = Math.max(+c.due, Math.floor(+c.due / DAY) * DAY + 16 * 60 * MINUTE + random() * 30 * MINUTE);
      answer(random() < 0.1 ? 'again' : 'good', at);
      if (STATES[c.state] !== 'review') answer('good', +c.due);
    }
    // Forgotten a moment ago: back in its relearning step.
    if (lapseAt !== undefined) answer('again', lapseAt);
    return write(studentId, deckId, cardId, c, answers);
  }

  return { card, reviewedCard };
}

/**
 * What the app keeps as it saves, from the rows now in the file: each deck's cursor (every card up
 * to it answered) and the answers per deck, UTC quarter hour and mode.
 */
export function finishMemory(db) {
  db.exec(`delete from new_card_cursors; delete from review_activity;
    insert into new_card_cursors (student_id, deck_id, seen_through)
      select s.student_id, s.deck_id,
        coalesce((select min(c.id) - 1 from cards c where c.deck_id = s.deck_id and not exists
          (select 1 from memory_states m where m.student_id = s.student_id and m.card_id = c.id)),
          (select max(c.id) from cards c where c.deck_id = s.deck_id))
      from (select distinct student_id, deck_id from memory_states) s;
    insert into review_activity (student_id, deck_id, slot, mode, reviews, correct)
      select r.student_id, c.deck_id,
        substr(r.reviewed_at, 1, 14) || printf('%02d', cast(substr(r.reviewed_at, 15, 2) as integer) / 15 * 15),
        r.mode, count(*), sum(r.rating <> 'again')
      from review_logs r join cards c on c.id = r.card_id
      group by 1, 2, 3, 4;`);
}
