// The limit of this machine: a bare node:http server that does the same database work as the app
// for the benchmarked endpoints, with the very same SQL (printed by `npx tsx bench/print-sql.ts`)
// prepared once with better-sqlite3, and answers the same bytes. No framework, no session
// lookup, no validation: whatever the app spends beyond this is the cost of those.
import http from 'node:http';
import Database from 'better-sqlite3';
import { memoryEndpoints } from './baseline-memory.mjs';

const db = new Database(process.env.BASELINE_DB);
// The app's pragmas (src/server/db/database.ts), so that writes cost the same.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const familyId = Number(process.env.BASELINE_FAMILY_ID);
const HELPER_AUTHOR_NAME = 'Flashcards Team';

const cache = new Map();
const stmt = (sql) => {
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s;
};
const memory = memoryEndpoints(stmt, familyId);

const SQL = {
  studentOwned: 'select "id" from "students" where "id" = ? and "family_id" = ?',
  deckList:
    'select "decks"."id", "decks"."student_id", "decks"."title", "decks"."subtitle", "decks"."color", "decks"."is_imported", "decks"."original_deck_id", "decks"."is_archived", "decks"."created_at", coalesce("users"."name", \'\') as "user_name", "users"."picture" as "user_picture", "decks"."shared_from_deck_id", coalesce("sharer"."name", "holder"."name") as "sharer_name", coalesce("sharer"."picture", "holder"."picture") as "sharer_picture", (select count(*) as "n" from "cards" where "cards"."deck_id" = "decks"."id") as "card_count" from "decks" left join "family_members" as "held" on "held"."family_id" = "decks"."family_id" and "held"."role" = \'holder\' left join "users" on "users"."id" = "held"."family_id" left join "deck_shares" as "share" on "share"."deck_id" = "decks"."shared_from_deck_id" and "share"."revoked_at" is null left join "users" as "sharer" on "sharer"."id" = "share"."created_by" left join "decks" as "original" on "original"."id" = "decks"."shared_from_deck_id" left join "family_members" as "original_held" on "original_held"."family_id" = "original"."family_id" and "original_held"."role" = \'holder\' left join "users" as "holder" on "holder"."id" = "original_held"."family_id" where "decks"."family_id" = ? and ("decks"."student_id" = ? or "decks"."student_id" is null) order by "decks"."created_at" desc, "decks"."id" desc',
  deckFind:
    'select "decks"."id", "decks"."student_id", "decks"."title", "decks"."subtitle", "decks"."color", "decks"."is_imported", "decks"."original_deck_id", "decks"."is_archived", "decks"."created_at", coalesce("users"."name", \'\') as "user_name", "users"."picture" as "user_picture", "decks"."shared_from_deck_id", coalesce("sharer"."name", "holder"."name") as "sharer_name", coalesce("sharer"."picture", "holder"."picture") as "sharer_picture", (select count(*) as "n" from "cards" where "cards"."deck_id" = "decks"."id") as "card_count" from "decks" left join "family_members" as "held" on "held"."family_id" = "decks"."family_id" and "held"."role" = \'holder\' left join "users" on "users"."id" = "held"."family_id" left join "deck_shares" as "share" on "share"."deck_id" = "decks"."shared_from_deck_id" and "share"."revoked_at" is null left join "users" as "sharer" on "sharer"."id" = "share"."created_by" left join "decks" as "original" on "original"."id" = "decks"."shared_from_deck_id" left join "family_members" as "original_held" on "original_held"."family_id" = "original"."family_id" and "original_held"."role" = \'holder\' left join "users" as "holder" on "holder"."id" = "original_held"."family_id" where "decks"."family_id" = ? and "decks"."id" = ?',
  deckCards:
    'select "id", "deck_id", "en", "es", "en_pronunciation", "es_pronunciation", "front_image_key", "back_image_key", "en_audio_key", "es_audio_key" from "cards" where "deck_id" = ? order by "id"',
  totals:
    'select "s"."deck_id", d.id is not null as "listed", coalesce("o"."title", "d"."title") as "deck_title", case when "o"."id" is not null then "o"."subtitle" else "d"."subtitle" end as "deck_subtitle", coalesce("o"."color", "d"."color") as "deck_color", "s"."sessions" as "total_study_sessions", s.cards_mastered * 100.0 / nullif(s.cards_studied, 0) as "average_accuracy", "s"."last_studied", "s"."study_seconds" as "total_study_time", count(*) over () as "decks_studied", sum(s.sessions) over () as "total_sessions", sum(s.cards_mastered) over () * 100.0 / nullif(sum(s.cards_studied) over (), 0) as "overall_accuracy", sum(s.study_seconds) over () as "total_study_time_all" from "study_totals" as "s" left join "decks" as "d" on "d"."id" = "s"."deck_id" and "d"."family_id" = ? left join "decks" as "o" on "o"."id" = "d"."shared_from_deck_id" where "s"."student_id" = ? order by "s"."last_studied" desc, "s"."deck_id" desc',
  problematicCards:
    'select "c"."id", "c"."en", "c"."es", "o"."title" as "deck_title", r.correct * 100.0 / r.attempts as "accuracy_percentage", "r"."attempts" as "times_studied" from (select "card_id", "deck_id", "attempts", "correct" from "card_totals" where "student_id" = ? and 100 * correct < 80 * attempts order by correct * 1.0 / attempts, "attempts" desc, "card_id" limit ?) as "r" inner join "cards" as "c" on "c"."id" = "r"."card_id" inner join "decks" as "d" on "d"."id" = "r"."deck_id" inner join "decks" as "o" on "o"."id" = coalesce(d.shared_from_deck_id, d.id) where "d"."family_id" = ? and case when d.shared_from_deck_id is null then c.deck_id = d.id else c.deck_id = d.shared_from_deck_id end order by r.correct * 1.0 / r.attempts, "r"."attempts" desc, "c"."id"',
  image: 'select "data", "content_type" from "images" where "family_id" = ? and "key" = ?',
  claimKey:
    'insert into "idempotency_keys" ("family_id", "scope", "key", "created_at") values (?, ?, ?, ?) on conflict ("family_id", "scope", "key") do nothing returning "key"',
  insertResults: (n) =>
    `insert into "card_results" ("student_id", "deck_id", "card_id", "is_correct", "created_at") values ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?)').join(', ')}`,
  upsertCardTotals: (n) =>
    `insert into "card_totals" ("student_id", "card_id", "deck_id", "attempts", "correct") values ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?)').join(', ')} on conflict ("student_id", "card_id") do update set "attempts" = "card_totals"."attempts" + "excluded"."attempts", "correct" = "card_totals"."correct" + "excluded"."correct"`,
};

// The app's JSON shapes, field for field and in the same order (decks.service.ts toDeckJson,
// progress.service.ts get), so that both servers send the same bytes.
function deckJson(row) {
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
const numberOrNull = (v) => (v === null || v === undefined ? null : Number(v));

function progress(studentId) {
  const now = new Date();
  // Every studied deck's totals with the overall totals as window sums; only the family's decks are listed.
  const rows = stmt(SQL.totals).all(familyId, studentId);
  const first = rows[0];
  const overall = {
    decks_studied: first?.decks_studied ?? 0,
    total_sessions: first?.total_sessions ?? 0,
    overall_accuracy: first?.overall_accuracy ?? null,
    total_study_time: first?.total_study_time_all ?? 0,
  };
  const decks = rows
    .filter((r) => Boolean(r.listed))
    .map((r) => ({
      deck_id: r.deck_id,
      deck_title: r.deck_title,
      deck_subtitle: r.deck_subtitle ?? null,
      deck_color: r.deck_color,
      total_study_sessions: r.total_study_sessions,
      average_accuracy: r.average_accuracy,
      last_studied: r.last_studied,
      total_study_time: r.total_study_time,
    }));
  const cards = stmt(SQL.problematicCards).all(studentId, 20, familyId);
  return {
    overall_statistics: {
      decks_studied: Number(overall.decks_studied),
      total_sessions: Number(overall.total_sessions),
      overall_accuracy: numberOrNull(overall.overall_accuracy),
      total_study_time: Number(overall.total_study_time),
    },
    deck_statistics: decks.map((d) => ({
      ...d,
      total_study_sessions: Number(d.total_study_sessions),
      average_accuracy: numberOrNull(d.average_accuracy),
      last_studied: d.last_studied ?? null,
      total_study_time: Number(d.total_study_time),
    })),
    problematic_cards: cards.map((c) => ({
      ...c,
      accuracy_percentage: Number(c.accuracy_percentage),
      times_studied: Number(c.times_studied),
    })),
    memory_statistics: memory.memoryStatistics(studentId, 'UTC', now),
  };
}

/**
 * POST /api/card-performance: the service's steps in one transaction, as the app runs them: the
 * memory's reads check the student and the cards, then the writes, the idempotency key last (a key
 * used before rolls the save back).
 */
function saveCardPerformance(input) {
  stmt('begin').run();
  try {
    const now = new Date().toISOString();
    const deckOf = memory.recordReviews(input.student_id, input.card_results, new Date(now));
    const params = input.card_results.flatMap((r) => [
      input.student_id,
      deckOf.get(r.card_id),
      r.card_id,
      r.is_correct ? 1 : 0,
      now,
    ]);
    stmt(SQL.insertResults(input.card_results.length)).run(...params);
    const totals = new Map();
    for (const r of input.card_results) {
      const t = totals.get(r.card_id) ?? [input.student_id, r.card_id, deckOf.get(r.card_id), 0, 0];
      t[3] += 1;
      t[4] += r.is_correct ? 1 : 0;
      totals.set(r.card_id, t);
    }
    stmt(SQL.upsertCardTotals(totals.size)).run(...[...totals.values()].flat());
    if (!stmt(SQL.claimKey).get(familyId, 'card-performance', input.idempotency_key, now)) {
      stmt('rollback').run();
      return { ok: true, duplicate: true, saved: 0 };
    }
    stmt('commit').run();
    return { ok: true, duplicate: false, saved: input.card_results.length };
  } catch (err) {
    stmt('rollback').run();
    throw err;
  }
}

function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'content-length': body.length });
  res.end(body);
}
const json = (res, status, value) => send(res, status, Buffer.from(JSON.stringify(value)));
const missing = (res) => json(res, 404, { error: 'Not found', code: 'not_found' });

function handle(req, res) {
  const url = new URL(req.url, 'http://x');
  const parts = url.pathname.split('/');
  if (req.method === 'GET') {
    if (url.pathname === '/health') return json(res, 200, { ok: true });
    if (url.pathname === '/api/decks') {
      const studentId = Number(url.searchParams.get('student_id'));
      if (!stmt(SQL.studentOwned).get(studentId, familyId)) return missing(res);
      const counts = memory.deckCounts(studentId, new Date());
      return json(
        res,
        200,
        stmt(SQL.deckList)
          .all(familyId, studentId)
          .map((row) => {
            const c = counts.get(row.id);
            return Object.assign(deckJson(row), { due_count: c?.due_count ?? 0, new_count: c?.new_count ?? 0 });
          }),
      );
    }
    if (parts[2] === 'students' && parts[4] === 'review' && parts.length === 5) {
      const tz = url.searchParams.get('tz') ?? 'UTC';
      if (!memory.isTimeZone(tz)) return json(res, 400, { error: 'Bad time zone', code: 'invalid_input' });
      const queue = memory.reviewQueue(Number(parts[3]), tz, new Date());
      return queue ? json(res, 200, queue) : missing(res);
    }
    if (parts[2] === 'decks' && parts.length === 4) {
      const id = Number(parts[3]);
      const row = stmt(SQL.deckFind).get(familyId, id);
      if (!row) return missing(res);
      return json(res, 200, { ...deckJson(row), cards: stmt(SQL.deckCards).all(id) });
    }
    if (parts[2] === 'progress' && parts.length === 4) {
      const studentId = Number(parts[3]);
      if (!stmt(SQL.studentOwned).get(studentId, familyId)) return missing(res);
      return json(res, 200, progress(studentId));
    }
    if (parts[2] === 'images' && parts.length === 4) {
      const row = stmt(SQL.image).get(familyId, decodeURIComponent(parts[3]));
      if (!row) return missing(res);
      res.setHeader('etag', `"${parts[3]}"`);
      return send(res, 200, row.data, row.content_type);
    }
  }
  if (req.method === 'POST' && url.pathname === '/api/card-performance') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        json(res, 201, saveCardPerformance(JSON.parse(Buffer.concat(chunks).toString())));
      } catch (err) {
        if (err.status === 404) missing(res);
        else json(res, 400, { error: 'Bad request', code: 'invalid_input' });
      }
    });
    return;
  }
  missing(res);
}

const server = http.createServer((req, res) => {
  try {
    handle(req, res);
  } catch (err) {
    // E.g. a database without the tables this SQL expects (an older build's): answer, do not crash.
    json(res, 500, { error: String(err?.message ?? err), code: 'internal' });
  }
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
const shutdown = () => server.close(() => (db.close(), process.exit(0)));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
