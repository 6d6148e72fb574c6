// The limit's spaced repetition (bench/baseline-server.mjs): the app's SQL for the memory reads and
// writes (printed by `npx tsx bench/print-sql.ts`) and the same steps around it as
// src/server/features/memory/*.service.ts, with the same JSON field order, so that both servers
// answer the same bytes. No framework, no validation beyond what decides the answer.
import { TZDateMini } from '@date-fns/tz';
import { computeDecayFactor, default_w, fsrs } from 'ts-fsrs';

const SESSION = 20; // REVIEW_SESSION_SIZE
const FORECAST_DAYS = 14;
const ACTIVITY_DAYS = 84;
const MODE_DAYS = 30; // MODE_STATISTICS_DAYS
const MODES = ['flip', 'listen', 'choice', 'match', 'spell']; // ANSWER_MODES
const REST_WINDOW = 7; // STREAK_REST_DAY_WINDOW
const STATES = ['new', 'learning', 'review', 'relearning'];
const RATINGS = ['again', 'hard', 'good', 'easy'];
const CURVE = computeDecayFactor(default_w);
const NEW_MEMORY = {
  state: 'new',
  due: null,
  stability: 0,
  difficulty: 0,
  elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  reps: 0,
  lapses: 0,
  last_review: null,
};

// ---- src/shared/local-day.ts ----
const pad = (n) => String(n).padStart(2, '0');
const zones = new Map();
function isTimeZone(name) {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  let ok = zones.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    zones.set(name, ok);
  }
  return ok;
}
function localDate(instant, tz) {
  const d = new TZDateMini(+instant, tz);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const dayStarts = new Map();
function startOfLocalDay(date, tz) {
  const key = `${tz} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = date.split('-').map(Number);
    start = +new TZDateMini(y, m - 1, d, tz);
    if (dayStarts.size >= 50_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}
function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
function quarterHour(instant) {
  const iso = new Date(+instant).toISOString();
  return `${iso.slice(0, 14)}${pad(Math.floor(Number(iso.slice(14, 16)) / 15) * 15)}`;
}
const iso = (ms) => new Date(ms).toISOString();

// ---- The SQL (bench/print-sql.ts) ----
const marks = (n, group = '?') => Array.from({ length: n }, () => group).join(', ');
const SCOPE =
  'exists (select "decks"."id" from "decks" where "decks"."id" = "memory_states"."deck_id" and "decks"."family_id" = ? and ("decks"."student_id" = ? or "decks"."student_id" is null) and "decks"."is_archived" = ?)';
const LISTED =
  '(select "decks"."id" from "decks" where "decks"."family_id" = ? and "decks"."student_id" = ? union all select "decks"."id" from "decks" where "decks"."family_id" = ? and "decks"."student_id" is null)';
const MEMORY = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'last_review',
];
const CARD =
  '"cards"."id", "cards"."deck_id", "cards"."en", "cards"."es", "cards"."en_pronunciation", "cards"."es_pronunciation", "cards"."front_image_key", "cards"."back_image_key", "cards"."en_audio_key", "cards"."es_audio_key"';
const SQL = {
  settings:
    'select "desired_retention", "new_per_day", "max_reviews_per_day", "grading" from "students" where "id" = ? and "family_id" = ?',
  // The student's settings with their own parameters once tuned (review-queue.repository.ts dayOfStudent).
  dayOfStudent:
    'select "s"."desired_retention", "s"."new_per_day", "s"."max_reviews_per_day", "s"."grading", "p"."parameters" from "students" as "s" left join "student_schedules" as "p" on "p"."student_id" = "s"."id" where "s"."id" = ? and "s"."family_id" = ?',
  answersSince:
    'select coalesce(sum(t.known), 0) as "reviewed", coalesce(sum(1 - t.known), 0) as "introduced", exists (select "streak_days"."day" from "streak_days" where "streak_days"."student_id" = ? and "streak_days"."day" = ?) as "finished" from (select distinct "r"."card_id", case when exists (select "p"."id" from "review_logs" as "p" where "p"."card_id" = "r"."card_id" and "p"."student_id" = ? and "p"."reviewed_at" < ?) then 1 else 0 end as "known" from "review_logs" as "r" where "r"."student_id" = ? and "r"."reviewed_at" >= ?) as "t"',
  countInState: `select count(*) as "n" from (select "memory_states"."due" from "memory_states" where "memory_states"."student_id" = ? and "memory_states"."state" = ? and "memory_states"."due" < ? and ${SCOPE} limit ?) as "t"`,
  cardsInState: `select ${CARD}, (select "decks"."title" from "decks" where "decks"."id" = "m"."deck_id") as "deck_title", ${MEMORY.map((c) => `"m"."${c}"`).join(', ')} from (select "memory_states"."card_id", "memory_states"."deck_id", ${MEMORY.map((c) => `"memory_states"."${c}"`).join(', ')} from "memory_states" where "memory_states"."student_id" = ? and "memory_states"."state" = ? and "memory_states"."due" < ? and ${SCOPE} order by "memory_states"."due" limit ?) as "m" inner join "cards" on "cards"."id" = "m"."card_id" order by "m"."due", "m"."card_id"`,
  firstDueInState: `select "memory_states"."due" from "memory_states" where "memory_states"."student_id" = ? and "memory_states"."state" = ? and "memory_states"."due" >= ? and ${SCOPE} order by "memory_states"."due" limit ?`,
  studentDecks:
    'select "decks"."id", "decks"."title", coalesce("k"."seen_through", 0) as "after" from "decks" left join "new_card_cursors" as "k" on "k"."deck_id" = "decks"."id" and "k"."student_id" = ? where (select "cards"."id" from "cards" where "cards"."deck_id" = "decks"."id" order by "cards"."id" desc limit ?) > coalesce("k"."seen_through", 0) and "decks"."id" in (select "decks"."id" from "decks" where "decks"."family_id" = ? and "decks"."student_id" = ? and "decks"."is_archived" = ? union all select "decks"."id" from "decks" where "decks"."family_id" = ? and "decks"."student_id" is null and "decks"."is_archived" = ?) order by "decks"."created_at", "decks"."id" limit ?',
  unseenAfter: `select ${CARD} from "cards" where "cards"."deck_id" = ? and "cards"."id" > ? and not exists (select "m"."card_id" from "memory_states" as "m" where "m"."student_id" = ? and "m"."card_id" = "cards"."id") order by "cards"."id" limit ?`,
  // The cards, those learnt and their mean recall; the cards due before each forecast day (memory-statistics.repository.ts, SQLite).
  recall: `select count(*) as "n", count(*) filter(where "memory_states"."state" = ?) as "learned", avg(power(1 + cast(? as double precision) * max(0, (cast(round(unixepoch(?, 'subsec') * 1000) as integer) - cast(round(unixepoch(memory_states.last_review, 'subsec') * 1000) as integer)) / 86400000) / memory_states.stability, cast(? as double precision))) as "recall" from "memory_states" where "memory_states"."student_id" = ? and ${SCOPE}`,
  dueByInterval: `select case ${Array.from({ length: FORECAST_DAYS }, (_, k) => `when "memory_states"."due" < ? then ${k}`).join(' ')} end as "k", count(*) as "n" from "memory_states" where "memory_states"."student_id" = ? and "memory_states"."state" in (?, ?, ?) and "memory_states"."due" < ? and ${SCOPE} group by "k"`,
  activity:
    'select "slot", sum("reviews") as "reviews", sum("correct") as "correct" from "review_activity" where "student_id" = ? and "slot" >= ? and "slot" < ? group by "slot" order by "slot"',
  modes:
    'select "mode", sum("reviews") as "reviews", sum("correct") as "correct" from "review_activity" where "student_id" = ? and "slot" >= ? group by "mode"',
  parameters: 'select "parameters" from "student_schedules" where "student_id" = ?',
  streakDays: 'select "day" from "streak_days" where "student_id" = ? order by "day" desc',
  addStreakDay:
    'insert into "streak_days" ("student_id", "day") values (?, ?) on conflict ("student_id", "day") do nothing',
  dueOfDecks: `select "memory_states"."deck_id", count(*) as "n" from "memory_states" where "memory_states"."student_id" = ? and "memory_states"."deck_id" in ${LISTED} and "memory_states"."due" < ? and ("memory_states"."state" = ? or "memory_states"."due" <= ?) group by "memory_states"."deck_id"`,
  unseenOfDecks: `select "decks"."id" as "deck_id", (select count(*) as "n" from "cards" where "cards"."deck_id" = "decks"."id" and "cards"."id" > coalesce("k"."seen_through", 0) and not exists (select "m"."card_id" from "memory_states" as "m" where "m"."student_id" = ? and "m"."card_id" = "cards"."id")) as "n" from "decks" left join "new_card_cursors" as "k" on "k"."deck_id" = "decks"."id" and "k"."student_id" = ? where "decks"."id" in ${LISTED}`,
  targets: (n) =>
    `select "s"."desired_retention", "s"."new_per_day", "s"."max_reviews_per_day", "s"."grading", "cards"."id" as "card_id", "cards"."deck_id", ${MEMORY.map((c) => `"m"."${c}"`).join(', ')} from "cards" inner join "students" as "s" on "s"."id" = ? and "s"."family_id" = ? left join "memory_states" as "m" on "m"."card_id" = "cards"."id" and "m"."student_id" = ? where "cards"."id" in (${marks(n)}) and exists (select "decks"."id" from "decks" where "decks"."id" = "cards"."deck_id" and "decks"."family_id" = ? and ("decks"."student_id" is null or "decks"."student_id" = ?))`,
  insertLogs: (n) =>
    `insert into "review_logs" ("student_id", "card_id", "rating", "mode", "reviewed_at", "duration_ms", "created_at") values ${marks(n, '(?, ?, ?, ?, ?, ?, ?)')}`,
  upsertMemory: (n) =>
    `insert into "memory_states" ("student_id", "card_id", "deck_id", ${MEMORY.map((c) => `"${c}"`).join(', ')}) values ${marks(n, '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')} on conflict ("student_id", "card_id") do update set ${MEMORY.map((c) => `"${c}" = "excluded"."${c}"`).join(', ')}`,
  upsertActivity: (n) =>
    `insert into "review_activity" ("student_id", "deck_id", "slot", "mode", "reviews", "correct") values ${marks(n, '(?, ?, ?, ?, ?, ?)')} on conflict ("student_id", "slot", "deck_id", "mode") do update set "reviews" = "review_activity"."reviews" + "excluded"."reviews", "correct" = "review_activity"."correct" + "excluded"."correct"`,
  cursor: 'select "seen_through" from "new_card_cursors" where "student_id" = ? and "deck_id" = ?',
  unseenRange:
    'select min("cards"."id") filter (where not exists (select "m"."card_id" from "memory_states" as "m" where "m"."student_id" = ? and "m"."card_id" = "cards"."id")) as "first_unseen", max("cards"."id") as "last" from "cards" where "cards"."deck_id" = ? and "cards"."id" > ?',
  setCursor:
    'insert into "new_card_cursors" ("student_id", "deck_id", "seen_through") values (?, ?, ?) on conflict ("student_id", "deck_id") do update set "seen_through" = "excluded"."seen_through"',
};

const fsrsOptions = {
  request_retention: 0.9,
  enable_fuzz: true,
  enable_short_term: true,
  learning_steps: ['1m', '10m'],
  relearning_steps: ['10m'],
};
const scheduler = fsrs(fsrsOptions);
// A student's own parameters when tuned (schedule.service.ts studentParameters), one scheduler each.
const tuned = new Map();
function schedulerOf(w) {
  if (!w) return scheduler;
  const key = w.join(',');
  if (!tuned.has(key)) tuned.set(key, fsrs({ ...fsrsOptions, w }));
  return tuned.get(key);
}
// src/shared/answer-modes.ts answerRating without a rating sent.
function ratingOf(mode, correct) {
  if (!correct) return 'again';
  return mode === 'flip' || mode === 'spell' ? 'good' : 'hard';
}

/** The memory endpoints over one database, for `familyId`'s requests. */
export function memoryEndpoints(stmt, familyId) {
  const memoryOf = (row) => ({
    state: row.state,
    due: row.due,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    elapsed_days: Number(row.elapsed_days),
    scheduled_days: Number(row.scheduled_days),
    learning_steps: Number(row.learning_steps),
    reps: Number(row.reps),
    lapses: Number(row.lapses),
    last_review: row.last_review,
  });
  const inScope = (sid) => [familyId, sid, 0];

  function studentDay(studentId, tz, now) {
    const day = localDate(now, tz);
    const start = iso(startOfLocalDay(day, tz));
    const settings = stmt(SQL.dayOfStudent).get(studentId, familyId);
    const answered = stmt(SQL.answersSince).get(studentId, day, studentId, start, studentId, start);
    if (!settings) return null;
    const reviewed = Number(answered?.reviewed ?? 0);
    const introduced = Number(answered?.introduced ?? 0);
    return {
      studentId,
      tz,
      now,
      settings,
      day,
      end: startOfLocalDay(addDays(day, 1), tz),
      finished: Boolean(answered?.finished),
      answeredToday: reviewed + introduced > 0,
      reviewsLeft: Math.max(0, settings.max_reviews_per_day - reviewed),
      newLeft: Math.max(0, settings.new_per_day - introduced),
    };
  }

  const statesOf = (kind) => (kind === 'review' ? ['review'] : ['learning', 'relearning']);
  function countDue(sid, kind, before, cap) {
    let n = 0;
    for (const state of statesOf(kind))
      n += Number(stmt(SQL.countInState).get(sid, state, before, ...inScope(sid), cap).n);
    return Math.min(n, cap);
  }
  function dueCards(sid, kind, before, limit) {
    return statesOf(kind)
      .flatMap((state) => stmt(SQL.cardsInState).all(sid, state, before, ...inScope(sid), limit))
      .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.id - b.id))
      .slice(0, limit);
  }
  function firstDue(sid, kind, from) {
    return (
      statesOf(kind)
        .flatMap((state) => stmt(SQL.firstDueInState).all(sid, state, from, ...inScope(sid), 1))
        .map((r) => r.due)
        .sort()[0] ?? null
    );
  }
  function newCards(sid, limit) {
    const out = [];
    for (const deck of stmt(SQL.studentDecks).all(sid, 1, familyId, sid, 0, familyId, 0, limit)) {
      if (out.length >= limit) break;
      for (const card of stmt(SQL.unseenAfter).all(deck.id, Number(deck.after), sid, limit - out.length)) {
        out.push({ ...card, deck_title: deck.title });
      }
    }
    return out;
  }
  const queueCard = (row, memory) => ({
    id: row.id,
    deck_id: row.deck_id,
    en: row.en,
    es: row.es,
    en_pronunciation: row.en_pronunciation,
    es_pronunciation: row.es_pronunciation,
    front_image_key: row.front_image_key,
    back_image_key: row.back_image_key,
    en_audio_key: row.en_audio_key,
    es_audio_key: row.es_audio_key,
    deck_title: row.deck_title,
    memory,
  });

  function queueOf(d, withCards) {
    const sid = d.studentId;
    const endOfDay = iso(d.end);
    const dueNow = iso(+d.now + 1);
    const take = Math.min(SESSION, d.reviewsLeft);
    const dueTotal = countDue(sid, 'review', endOfDay, d.reviewsLeft + 1);
    const learningTotal = countDue(sid, 'learning', dueNow, Number.MAX_SAFE_INTEGER);
    const due = withCards && take > 0 ? dueCards(sid, 'review', endOfDay, take) : [];
    const learning = withCards ? dueCards(sid, 'learning', dueNow, SESSION) : [];
    const unseen = newCards(sid, d.newLeft + 1);
    const nextLearning = firstDue(sid, 'learning', dueNow);
    const nextReview = firstDue(sid, 'review', endOfDay);
    const counts = {
      due: Math.min(dueTotal, d.reviewsLeft),
      new: Math.min(unseen.length, d.newLeft),
      learning: learningTotal,
    };
    const heldBack = dueTotal > d.reviewsLeft || unseen.length > d.newLeft;
    const later = [
      nextLearning === null ? null : Date.parse(nextLearning),
      nextReview === null ? null : startOfLocalDay(localDate(Date.parse(nextReview), d.tz), d.tz),
      heldBack ? d.end : null,
    ].filter((t) => t !== null);
    const cards = [];
    if (withCards) {
      for (const row of [...due, ...learning]) cards.push(queueCard(row, memoryOf(row)));
      for (const row of unseen.slice(0, counts.new)) cards.push(queueCard(row, { ...NEW_MEMORY }));
    }
    const empty = counts.due + counts.new + counts.learning === 0;
    const started = d.answeredToday || nextLearning !== null || nextReview !== null;
    const learningLaterToday = nextLearning !== null && nextLearning < endOfDay;
    return {
      cards: cards.slice(0, SESSION),
      counts,
      next_due_at: later.length > 0 ? iso(Math.min(...later)) : null,
      finishedNow: empty && started && !learningLaterToday,
    };
  }
  function observe(d, finishedNow) {
    if (finishedNow && !d.finished) stmt(SQL.addStreakDay).run(d.studentId, d.day);
    return d.finished || finishedNow;
  }
  function streakLength(finished, today) {
    let streak = finished.has(today) ? 1 : 0;
    let lastRest = -Infinity;
    for (let back = 1; ; back++) {
      const day = addDays(today, -back);
      if (finished.has(day)) streak++;
      else if (back - lastRest >= REST_WINDOW) lastRest = back;
      else return streak;
    }
  }

  return {
    isTimeZone,

    /** GET /api/students/{id}/review across all decks; null for a student not the user's. */
    reviewQueue(studentId, tz, now) {
      const d = studentDay(studentId, tz, now);
      if (!d) return null;
      const q = queueOf(d, true);
      observe(d, q.finishedNow);
      // The student's own parameters once tuned, read with the day (review-queue.service.ts), null for the defaults.
      const own = d.settings.parameters;
      const parameters = own ? JSON.parse(own) : null;
      return { cards: q.cards, counts: q.counts, next_due_at: q.next_due_at, parameters };
    },

    /** memory_statistics of GET /api/progress/{id} (the student is the user's). */
    memoryStatistics(studentId, tz, now) {
      const d = studentDay(studentId, tz, now);
      const firstDay = addDays(d.day, -(ACTIVITY_DAYS - 1));
      const bounds = Array.from({ length: ACTIVITY_DAYS + 1 }, (_, i) =>
        quarterHour(startOfLocalDay(addDays(firstDay, i), tz)),
      );
      const ends = Array.from({ length: FORECAST_DAYS }, (_, k) => startOfLocalDay(addDays(d.day, k + 1), tz));
      // A day already recorded as finished stays so: its queue is not read (memory-statistics.service.ts).
      const q = d.finished ? { finishedNow: false } : queueOf(d, false);
      const endsIso = ends.map(iso);
      const f = stmt(SQL.recall).get('review', CURVE.factor, iso(+now), CURVE.decay, studentId, ...inScope(studentId));
      const perInterval = endsIso.map(() => 0);
      for (const r of stmt(SQL.dueByInterval).all(
        ...endsIso,
        studentId,
        'learning',
        'review',
        'relearning',
        endsIso.at(-1),
        ...inScope(studentId),
      )) {
        perInterval[Number(r.k)] = Number(r.n);
      }
      let total = 0;
      const dueBy = perInterval.map((n) => (total += n));
      const recall = Number(f.n) > 0 ? Number(f.recall) : null;
      const learned = Number(f.learned);
      const modesFrom = quarterHour(+now - MODE_DAYS * 86_400_000);
      const activity = Array.from({ length: ACTIVITY_DAYS }, (_, i) => ({
        date: addDays(firstDay, i),
        reviews: 0,
        correct: 0,
      }));
      let b = 0;
      for (const r of stmt(SQL.activity).all(studentId, bounds[0], bounds.at(-1))) {
        while (r.slot >= bounds[b + 1]) b++;
        activity[b].reviews += Number(r.reviews);
        activity[b].correct += Number(r.correct);
      }
      const counted = new Map(
        stmt(SQL.modes)
          .all(studentId, modesFrom)
          .map((r) => [r.mode, r]),
      );
      const finishedDays = stmt(SQL.streakDays)
        .all(studentId)
        .map((s) => s.day);
      const todayFinished = observe(d, q.finishedNow);

      const forecast = dueBy.map((n, k) => ({ date: addDays(d.day, k), due: n - (k === 0 ? 0 : dueBy[k - 1]) }));
      const finished = new Set(finishedDays);
      if (todayFinished) finished.add(d.day);
      return {
        cards_learned: learned,
        cards_due_today: forecast[0].due,
        streak_days: streakLength(finished, d.day),
        average_recall: recall === null ? null : Math.round(recall * 1000) / 10,
        forecast,
        activity,
        modes: MODES.map((mode) => {
          const answers = Number(counted.get(mode)?.reviews ?? 0);
          const correct = Number(counted.get(mode)?.correct ?? 0);
          return {
            mode,
            answers,
            correct,
            accuracy: answers === 0 ? null : Math.round((correct / answers) * 1000) / 10,
          };
        }),
      };
    },

    /** due_count and new_count per deck of the deck list of the (user's) student, in UTC. */
    deckCounts(studentId, now) {
      const endOfDay = iso(startOfLocalDay(addDays(localDate(now, 'UTC'), 1), 'UTC'));
      const due = stmt(SQL.dueOfDecks).all(studentId, familyId, studentId, familyId, endOfDay, 'review', iso(+now));
      const unseen = stmt(SQL.unseenOfDecks).all(studentId, studentId, familyId, studentId, familyId);
      const out = new Map();
      for (const r of unseen) out.set(r.deck_id, { due_count: 0, new_count: Number(r.n ?? 0) });
      for (const r of due) {
        const c = out.get(r.deck_id);
        if (c) c.due_count = Number(r.n);
      }
      return out;
    },

    /** The memory part of a save, inside its transaction (memory.service.ts recordReviews); the deck of each card. */
    recordReviews(studentId, results, now) {
      const times = results.map((r) =>
        r.reviewed_at === undefined ? now.toISOString() : iso(Date.parse(r.reviewed_at)),
      );
      const reviews = results
        .map((r, i) => ({
          student_id: studentId,
          card_id: r.card_id,
          rating: r.rating ?? ratingOf(r.mode ?? 'flip', r.is_correct),
          mode: r.mode ?? 'flip',
          reviewed_at: times[i],
          duration_ms: r.duration_ms ?? null,
          created_at: now.toISOString(),
          i,
          t: Date.parse(times[i]),
        }))
        .sort((a, b) => a.t - b.t || a.i - b.i);
      const byCard = new Map();
      for (const r of reviews) byCard.set(r.card_id, [...(byCard.get(r.card_id) ?? []), r]);
      const ids = [...byCard.keys()];
      // The cards and the student's settings in one read, as the app reads them (a 404 either way here).
      const targets = stmt(SQL.targets(ids.length)).all(studentId, familyId, studentId, ...ids, familyId, studentId);
      if (targets.length !== ids.length) throw Object.assign(new Error(), { status: 404 });
      const own = stmt(SQL.parameters).get(studentId);
      const scheduler = schedulerOf(own ? JSON.parse(own.parameters) : null);
      stmt(SQL.insertLogs(reviews.length)).run(
        ...reviews.flatMap((r) => [
          r.student_id,
          r.card_id,
          r.rating,
          r.mode,
          r.reviewed_at,
          r.duration_ms,
          r.created_at,
        ]),
      );
      const states = [];
      const newDecks = new Set();
      for (const target of targets) {
        let card =
          target.state === null
            ? null
            : {
                due: new Date(target.due),
                stability: Number(target.stability),
                difficulty: Number(target.difficulty),
                elapsed_days: Number(target.elapsed_days),
                scheduled_days: Number(target.scheduled_days),
                learning_steps: Number(target.learning_steps),
                reps: Number(target.reps),
                lapses: Number(target.lapses),
                state: STATES.indexOf(target.state),
                last_review: new Date(target.last_review),
              };
        if (!card) newDecks.add(target.deck_id);
        for (const r of byCard.get(target.card_id)) {
          const at = new Date(r.reviewed_at);
          card = scheduler.next(card ?? { ...emptyCard(at) }, at, RATINGS.indexOf(r.rating) + 1).card;
        }
        states.push([
          studentId,
          target.card_id,
          target.deck_id,
          STATES[card.state],
          card.due.toISOString(),
          card.stability,
          card.difficulty,
          card.elapsed_days,
          card.scheduled_days,
          card.learning_steps,
          card.reps,
          card.lapses,
          card.last_review.toISOString(),
        ]);
      }
      stmt(SQL.upsertMemory(states.length)).run(...states.flat());
      for (const deckId of newDecks) {
        const cursor = stmt(SQL.cursor).get(studentId, deckId);
        const row = stmt(SQL.unseenRange).get(studentId, deckId, cursor?.seen_through ?? 0);
        const seenThrough = row?.first_unseen != null ? Number(row.first_unseen) - 1 : row?.last;
        if (seenThrough == null || seenThrough === cursor?.seen_through) continue;
        stmt(SQL.setCursor).run(studentId, deckId, Number(seenThrough));
      }
      const deckOf = new Map(targets.map((t) => [t.card_id, t.deck_id]));
      const slots = new Map();
      for (const r of reviews) {
        const deckId = deckOf.get(r.card_id);
        const slot = quarterHour(Date.parse(r.reviewed_at));
        const key = `${deckId} ${slot} ${r.mode}`;
        const a = slots.get(key) ?? [studentId, deckId, slot, r.mode, 0, 0];
        a[4] += 1;
        a[5] += r.rating === 'again' ? 0 : 1;
        slots.set(key, a);
      }
      stmt(SQL.upsertActivity(slots.size)).run(...[...slots.values()].flat());
      return deckOf;
    },
  };
}

function emptyCard(at) {
  return {
    due: at,
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
