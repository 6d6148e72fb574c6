import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CardContentValues } from '@shared/card-fields';

/**
 * Table types shared by SQLite and PostgreSQL. Booleans are stored as 0/1 integers and
 * timestamps as ISO-8601 UTC text so that one set of queries serves both databases.
 */
export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  password_credentials: PasswordCredentialsTable;
  sessions: SessionsTable;
  students: StudentsTable;
  decks: DecksTable;
  cards: CardsTable;
  images: ImagesTable;
  audio: AudioTable;
  study_sessions: StudySessionsTable;
  card_results: CardResultsTable;
  study_totals: StudyTotalsTable;
  card_totals: CardTotalsTable;
  idempotency_keys: IdempotencyKeysTable;
  bugs: BugsTable;
  bug_votes: BugVotesTable;
  app_settings: AppSettingsTable;
  review_logs: ReviewLogsTable;
  memory_states: MemoryStatesTable;
  new_card_cursors: NewCardCursorsTable;
  review_activity: ReviewActivityTable;
  streak_days: StreakDaysTable;
  rate_limits: RateLimitsTable;
  child_mode_pins: ChildModePinsTable;
  families: FamiliesTable;
  family_members: FamilyMembersTable;
  family_invites: FamilyInvitesTable;
  deck_shares: DeckSharesTable;
  anki_mappings: AnkiMappingsTable;
  student_schedules: StudentSchedulesTable;
  schedule_tunings: ScheduleTuningsTable;
}

/**
 * What every repository function takes first: the app's database or one transaction of it
 * (transactions are opened by services, through db/transaction.ts).
 */
export type DbHandle = Kysely<Database>;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  /** Lower-cased email, unique, for sign-in lookups. */
  email_normalized: string | null;
  name: string;
  given_name: string | null;
  picture: string | null;
  created_at: string;
}

export interface IdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  created_at: string;
}

export interface PasswordCredentialsTable {
  user_id: number;
  password_hash: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The student a session in child mode is locked to (migration 0008); null when not in child mode. */
  child_student_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface StudentsTable {
  id: Generated<number>;
  /** The family the row belongs to (migration 0017). */
  family_id: number;
  name: string;
  age: number | null;
  native_language: string;
  created_at: string;
  /** Learning settings (migration 0003; defaults in @shared/constants). */
  desired_retention: Generated<number>;
  new_per_day: Generated<number>;
  max_reviews_per_day: Generated<number>;
  grading: Generated<string>;
  auto_read: Generated<number>;
  /** 1: reads; 0: does not read yet (plays listen-and-pick by default). Migration 0012. */
  reads: Generated<number>;
}

export interface DecksTable {
  id: Generated<number>;
  /** The family the row belongs to (migration 0017). */
  family_id: number;
  student_id: number | null;
  title: string;
  subtitle: string | null;
  color: string;
  is_imported: number;
  original_deck_id: string | null;
  is_archived: number;
  created_at: string;
  /**
   * The shared deck this imported deck follows (migration 0009): while set, the deck has no cards
   * of its own and shows the original's cards, title, subtitle and colour (issue 23).
   */
  shared_from_deck_id: number | null;
}

/** A card: its declared content columns (src/shared/card-fields.ts, each added by a migration) and these. */
export interface CardsTable extends CardContentValues {
  id: Generated<number>;
  deck_id: number;
  created_at: string;
}

export interface ImagesTable {
  id: Generated<number>;
  /** The family the row belongs to (migration 0017). */
  family_id: number;
  /** Content hash (hex) of the stored WebP bytes. */
  key: string;
  content_type: string;
  data: Buffer;
  byte_size: number;
  width: number;
  height: number;
  created_at: string;
}

/** Recordings on cards, stored once per user and content (migration 0005). */
export interface AudioTable {
  id: Generated<number>;
  /** The family the row belongs to (migration 0017). */
  family_id: number;
  /** Content hash (hex) of the stored bytes. */
  key: string;
  content_type: string;
  data: Buffer;
  byte_size: number;
  duration_ms: number;
  created_at: string;
}

export interface StudySessionsTable {
  id: Generated<number>;
  student_id: number;
  deck_id: number;
  cards_studied: number;
  cards_mastered: number;
  cards_not_mastered: number;
  accuracy_percentage: number;
  study_duration_seconds: number;
  created_at: string;
}

export interface CardResultsTable {
  id: Generated<number>;
  student_id: number;
  deck_id: number;
  card_id: number;
  is_correct: number;
  created_at: string;
}

/** Running totals of a student's sessions on one deck (kept with study_sessions, read by progress). */
export interface StudyTotalsTable {
  student_id: number;
  deck_id: number;
  sessions: number;
  cards_studied: number;
  cards_mastered: number;
  study_seconds: number;
  last_studied: string;
}

/** Running totals of a student's answers on one card (kept with card_results, read by progress). */
export interface CardTotalsTable {
  student_id: number;
  card_id: number;
  deck_id: number;
  attempts: number;
  correct: number;
}

/** Keys of saves already applied, so that a retried request counts once. */
export interface IdempotencyKeysTable {
  family_id: number;
  key: string;
  scope: string;
  created_at: string;
}

export interface BugsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  created_at: string;
}

export interface BugVotesTable {
  bug_id: number;
  user_id: number;
  created_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** Rate-limit counters shared by every app instance (times in ms since the epoch). */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_end: number;
  last_at: number;
}

/** Every answer of a student on a card (append-only): the source of truth of memory_states. */
export interface ReviewLogsTable {
  id: Generated<number>;
  student_id: number;
  card_id: number;
  /** again | hard | good | easy */
  rating: string;
  /** How it was answered: flip | listen | choice | match | spell (migration 0012). */
  mode: Generated<string>;
  reviewed_at: string;
  duration_ms: number | null;
  created_at: string;
}

/** A student's FSRS memory of one card (src/shared/srs.ts Memory), recomputable from review_logs. */
export interface MemoryStatesTable {
  student_id: number;
  card_id: number;
  /** The card's deck (cards never move), so that per-deck queries need no join. */
  deck_id: number;
  /** learning | review | relearning (no row while a card is new) */
  state: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string;
}

/** Every card of the deck with an id up to seen_through has a memory row for the student (speeds up finding new cards). */
export interface NewCardCursorsTable {
  student_id: number;
  deck_id: number;
  seen_through: number;
}

/** Answers per student, deck, UTC quarter hour and mode (the activity calendar in any time zone, answers per mode). */
export interface ReviewActivityTable {
  student_id: number;
  deck_id: number;
  /** 'YYYY-MM-DDTHH:MM' (UTC, minutes 00/15/30/45) */
  slot: string;
  /** How they were answered (review_logs.mode); part of the key. */
  mode: Generated<string>;
  reviews: number;
  correct: number;
}

/** Local days on which the student's review was finished (memory.service.ts says when). */
export interface StreakDaysTable {
  student_id: number;
  /** 'YYYY-MM-DD' in the student's time zone */
  day: string;
}

/**
 * A family (migration 0017): whose students, decks, cards, pictures, recordings, progress, PIN,
 * invites and Anki mappings these are. Its data goes when it does (its last member leaving for good).
 */
export interface FamiliesTable {
  id: Generated<number>;
  created_at: string;
}

/** Who is in which family (migrations 0007 and 0017): every person has exactly one row. */
export interface FamilyMembersTable {
  user_id: number;
  family_id: number;
  /** holder | member */
  role: string;
  joined_at: string;
}

/** One-time links to join a family; only the code's SHA-256 is stored. */
export interface FamilyInvitesTable {
  id: Generated<number>;
  family_id: number;
  code_hash: string;
  created_by: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** Links to a read-only view of a deck (migration 0009); a deck has at most one unrevoked link. */
export interface DeckSharesTable {
  id: Generated<number>;
  deck_id: number;
  /** The short code, which is also the link's last segment (unguessable: see SHARE_CODE_LENGTH). */
  code: string;
  /** The person who shared it, named on the copies as "By {name}" (null once their account is gone: then the family's holder). */
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

/** The family's child-mode parent PIN (migration 0008), argon2id-hashed like passwords. */
export interface ChildModePinsTable {
  family_id: number;
  pin_hash: string;
  updated_at: string;
}

/** The mapping a family last used for an Anki note type (keyed by a hash of its name and fields). */
export interface AnkiMappingsTable {
  family_id: number;
  note_type: string;
  mapping: string;
  updated_at: string;
}

/** A student's own FSRS parameters (issue 26); no row: the defaults. */
export interface StudentSchedulesTable {
  student_id: number;
  /** JSON array of 21 numbers. */
  parameters: string;
  tuned_at: string;
  reviews_used: number;
  tuning_id: number;
}

/** A tuning job and, once run, its evaluation (every one is kept). */
export interface ScheduleTuningsTable {
  id: Generated<number>;
  student_id: number;
  status: 'queued' | 'running' | 'done' | 'refused' | 'failed';
  trigger: 'manual' | 'weekly';
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  claimed_by: string | null;
  log_reviews: number | null;
  reviews_used: number | null;
  held_out_reviews: number | null;
  log_loss_default: number | null;
  log_loss_tuned: number | null;
  rmse_bins_default: number | null;
  rmse_bins_tuned: number | null;
  parameters: string | null;
  calibration: string | null;
  kept: number | null;
  reason: string | null;
}
