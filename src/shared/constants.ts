/**
 * Every limit and product rule, once, for client and server (SPEC §9), grouped by entity. Each says
 * what it limits and why. Schemas, routes, repositories and components import them; code and
 * comments name the constant rather than repeat its value.
 */

const MINUTE_MS = 60 * 1000;

// ── Ids

/** Largest id the API accepts: ids are 32-bit signed integers in PostgreSQL (`serial`). */
export const ID_MAX = 2_147_483_647;

// ── Accounts and sign-in

/** Shortest password a new account may choose (NIST SP 800-63B's minimum for chosen passwords). */
export const PASSWORD_MIN = 8;
/** Longest password accepted: long enough for any passphrase, short enough to bound the hashing work. */
export const PASSWORD_MAX = 128;
/** Longest email address: the most an address can be and still be delivered (RFC 5321). */
export const EMAIL_MAX = 254;
/** Longest account name: a display name, shown in the user menu and on shared decks. */
export const USER_NAME_MAX = 100;
/** Fewest digits of a child-mode parent PIN: 4 digits is what a parent remembers; guessing is rate limited like passwords. */
export const CHILD_PIN_MIN_DIGITS = 4;
/** Most digits of a child-mode parent PIN. */
export const CHILD_PIN_MAX_DIGITS = 8;
/** Default of SESSION_IDLE_DAYS: a session unused this many days ends, so a lost device does not stay signed in. */
export const SESSION_IDLE_DAYS_DEFAULT = 14;
/** Default of SESSION_MAX_DAYS: every session ends this many days after sign-in, however much it is used. */
export const SESSION_MAX_DAYS_DEFAULT = 30;
/** Failed sign-ins allowed per (account, address) in LOGIN_WINDOW_MS (RATE_LIMIT_LOGIN overrides it): slows password guessing. */
export const LOGIN_ATTEMPTS_MAX = 10;
/** The window LOGIN_ATTEMPTS_MAX counts in. */
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
/** Failed sign-ins one address may make across accounts, as a multiple of LOGIN_ATTEMPTS_MAX: a class behind one school address still fits. */
export const LOGIN_ADDRESS_FACTOR = 10;
/** Longest delay one account's failures from unknown addresses impose on the next attempt: slows guessing, never locks a parent out. */
export const LOGIN_BACKOFF_MAX_MS = MINUTE_MS;
/** How long an address that signed in to an account stays exempt from that account's back-off. */
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;
/** Accounts created per address in SIGNUP_WINDOW_MS (RATE_LIMIT_SIGNUP overrides it): stops mass sign-ups. */
export const SIGNUPS_MAX = 10;
/** The window SIGNUPS_MAX counts in. */
export const SIGNUP_WINDOW_MS = 60 * MINUTE_MS;
/** How long a sign-in started at a provider may take before it must start again (its flow cookie's lifetime). */
export const OIDC_FLOW_MAX_AGE_SECONDS = 10 * 60;
/** Longest provider id in a sign-in URL: configured ids are short words, anything longer is no provider. */
export const OIDC_PROVIDER_ID_MAX = 50;
/** Longest authorization code a provider may send back (providers' codes are far shorter; bounds junk). */
export const OAUTH_CODE_MAX = 4096;
/** Longest `state` a provider may send back: ours is short, so this only bounds junk. */
export const OAUTH_STATE_MAX = 512;
/** Longest URL-valued callback parameter (`iss`, `error_uri`): the usual practical URL limit. */
export const OAUTH_URL_MAX = 2048;
/** Longest `error` code a provider may send back (RFC 6749 codes are single words). */
export const OAUTH_ERROR_MAX = 256;
/** Longest free-text callback parameter (`error_description`, `session_state`). */
export const OAUTH_TEXT_MAX = 1024;

// ── Students

/** Longest student name: fits the student switcher and the progress heading. */
export const STUDENT_NAME_MAX = 50;
/** Youngest age a student may be given (age is optional). */
export const STUDENT_AGE_MIN = 1;
/** Oldest age a student may be given: anything above is a typing mistake. */
export const STUDENT_AGE_MAX = 100;
/** Students per family: a teacher's several classes fit; bounds "Add several" and every student list. */
export const STUDENTS_PER_FAMILY_MAX = 200;
/** A student's native language: unset, or one of the app's two languages (as SPEC §3 spells them). */
export const NATIVE_LANGUAGES = ['', 'English', 'Español'] as const;

// ── Decks

/** Longest deck title: fits one line of a deck tile on a phone. */
export const DECK_TITLE_MAX = 30;
/** Longest deck subtitle: a short second line under the title. */
export const DECK_SUBTITLE_MAX = 100;
/** Longest title of a duplicated deck: DUPLICATE_TITLE_PREFIX plus a full deck title fits; longer ones are cut. */
export const DUPLICATE_TITLE_MAX = 100;
/** What a duplicated deck's default title starts with, before the original title. */
export const DUPLICATE_TITLE_PREFIX = 'Copy of ';
/** Longest `original_deck_id`: a catalogue deck's id, a short slug. */
export const ORIGINAL_DECK_ID_MAX = 100;
/** Decks shown per page of the home screen (SPEC §9). */
export const DECKS_PER_PAGE = 3;
/** The colours a deck may have; the first is the default. */
export const DECK_COLORS = [
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
] as const;
/** The colour of a deck created without one. */
export const DEFAULT_DECK_COLOR = DECK_COLORS[0];

// ── Cards

/** Longest English or Spanish text of a card: a sentence or two fits a card face. */
export const CARD_TEXT_MAX = 500;
/** Longest pronunciation hint of a card side. */
export const PRONUNCIATION_MAX = 500;
/** Most cards one import request may carry: any catalogue deck fits, and one request stays a modest transaction. */
export const IMPORT_CARDS_MAX = 500;

// ── Bringing cards in and out (paste/CSV bulk import, Anki packages, deck export)

/** Most cards one bulk import may carry: a 5,000-word list in one all-or-nothing request, a modest transaction. */
export const BULK_CARDS_MAX = 5_000;
/** Largest bulk import body: BULK_CARDS_MAX cards at full length in two-byte characters, with JSON's overhead. */
export const BULK_CARDS_BODY_MAX_BYTES = 24 * 1024 * 1024;
/** Largest text file (CSV, TSV, TXT) the deck import reads in the browser: a 10 MB list fits; a wrong file chosen by mistake does not freeze the page. */
export const TEXT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Largest Anki package (.apkg) accepted: a deck of pictures fits; the upload is held in memory while it is read. */
export const ANKI_PACKAGE_MAX_BYTES = 50 * 1024 * 1024;
/** Most bytes a package may inflate to, all its files together (checked from the headers and again while inflating). */
export const ANKI_UNCOMPRESSED_MAX_BYTES = 256 * 1024 * 1024;
/**
 * Longest Anki note (all its fields' HTML together) read: a longer one is counted too long, never
 * loaded (one huge string would pass a reader's memory budget at once, which its thread cannot survive).
 */
export const ANKI_NOTE_HTML_MAX = 1_000_000;
/** Longest Anki deck, note type or field name read; the rest of a longer one is left out. */
export const ANKI_NAME_MAX = 1_000;
/** Anki packages read at once, each on its own thread (a 2-core server: one core stays free for requests); config ANKI_IMPORT_THREADS. */
export const ANKI_IMPORT_THREADS = 2;
/** A family's packages being read or waiting at once (only one of them is read at a time); the next is refused (429). */
export const ANKI_IMPORTS_PER_FAMILY = 3;
/** Packages waiting for a thread, all families together; the next is refused (503) until one starts. */
export const ANKI_IMPORT_QUEUE_MAX = 20;
/** How long the server keeps a finished import left running, for its notice, unless dismissed sooner. */
export const ANKI_IMPORT_KEPT_HOURS = 24;
/** Finished imports kept per person for their notices (the oldest go first). */
export const ANKI_IMPORT_KEPT_MAX = 10;
/** The most of an uploaded Anki package's name kept for the notice that tells how its import ended. */
export const ANKI_FILE_NAME_MAX = 200;
/** Longest a package may take to read (unzip, collection, text) before its thread is stopped and it is refused; config ANKI_IMPORT_TIME_BUDGET_S. */
export const ANKI_IMPORT_TIME_BUDGET_S = 120;
/** Most heap a package-reading thread may use before the package is refused; config ANKI_IMPORT_MEMORY_MB. */
export const ANKI_IMPORT_MEMORY_MB = 256;
/** Most a package file (past ANKI_RATIO_FREE_BYTES) may grow when inflated: a real collection compresses far less; a zip bomb far more. */
export const ANKI_COMPRESSION_RATIO_MAX = 100;
/** Inflated size under which a file's compression ratio is not checked (tiny files of repeated text compress very well). */
export const ANKI_RATIO_FREE_BYTES = 1024 * 1024;
/** Largest zstd window a package may ask for (Anki's default level uses 2 MiB): bounds the decoder's memory. */
export const ANKI_ZSTD_WINDOW_MAX_BYTES = 8 * 1024 * 1024;
/** Most media files (pictures, sounds) a package may list: a big illustrated deck fits, each picture is re-encoded. */
export const ANKI_MEDIA_FILES_MAX = 2_000;
/** Most notes a package may hold: each becomes a card, all in one transaction. */
export const ANKI_NOTES_MAX = 10_000;
/** Most cards (Anki's: one or more per note) a package may hold: bounds the work of finding each note's deck. */
export const ANKI_CARDS_MAX = 100_000;
/** Longest note type and deck description (JSON) a legacy collection may carry: real ones are far smaller. */
export const ANKI_METADATA_MAX_BYTES = 16 * 1024 * 1024;
/** Longest field (HTML) read from a note: far beyond a card's text with its markup; a longer one is "too long". */
export const ANKI_FIELD_HTML_MAX = 100_000;
/** Most Anki decks one package may turn into decks here. */
export const ANKI_DECKS_MAX = 50;
/** Sample notes the dry run shows per note type, for the mapping preview. */
export const ANKI_SAMPLE_NOTES = 3;

// ── Pictures

/** Largest picture accepted for a card, before re-encoding: a phone photo fits. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored picture: sharp on any screen a card is shown on, and small to store. */
export const IMAGE_MAX_DIMENSION = 1024;
/** Most pixels a picture may decode to: a "pixel flood" file decompresses into gigabytes. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Longest side a picture may claim, checked before decoding: absurd shapes (1 × 49,000,000) take minutes to decode. */
export const IMAGE_MAX_SIDE = 16_384;
/** Most seconds one picture may spend decoding and re-encoding before it is refused. */
export const IMAGE_DECODE_BUDGET_SECONDS = 10;
/** Pictures decoded at the same time, over all users (each user's wait behind each other). */
export const IMAGE_DECODE_CONCURRENCY = 2;
/** A picture of an import at most this large (by its header) may use a decode slot nobody else waits for. */
export const IMAGE_SPARE_SLOT_PIXELS = 4_000_000;

// ── Recorded audio

/** Largest audio file accepted for a card side, before re-encoding: 15 s of any accepted format fits with room. */
export const AUDIO_MAX_BYTES = 2 * 1024 * 1024;
/** Longest recording accepted for a card side: a word or a sentence, said slowly. */
export const AUDIO_MAX_SECONDS = 15;
/** Where recording in the card form stops by itself: one word or a short sentence, well under the limit above. */
export const AUDIO_RECORD_MAX_SECONDS = 10;
/** Most seconds one audio file may spend decoding and re-encoding before it is refused. */
export const AUDIO_DECODE_BUDGET_SECONDS = 10;
/** Audio files decoded at the same time, over all users (each user's wait behind each other). */
export const AUDIO_DECODE_CONCURRENCY = 2;

// ── Study

/** Longest study session recorded: a tab left open for days still counts as one day at most. */
export const STUDY_DURATION_MAX_SECONDS = 24 * 60 * 60;
/** Most cards one study session may count (studied, mastered, not mastered): far beyond any real session. */
export const STUDY_CARDS_MAX = 100_000;
/** How far a session's accuracy percentage may be from mastered ÷ studied: room for the client's rounding. */
export const STUDY_ACCURACY_TOLERANCE = 0.5;
/** Most card results one save may carry: a whole session's answers, with room to spare. */
export const CARD_RESULTS_MAX = 1000;
/** Shortest idempotency key a save accepts: short keys would collide between sessions. */
export const IDEMPOTENCY_KEY_MIN = 8;
/** Longest idempotency key a save accepts: a UUID fits, with room for a prefix. */
export const IDEMPOTENCY_KEY_MAX = 100;
/** Days a save's idempotency key is kept: longer than the oldest answer the server still accepts, so a late retry is still recognised. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 31;

// ── Progress

/** A card answered correctly less often than this percentage of the time needs attention (progress screen). */
export const ATTENTION_ACCURACY_BELOW = 80;
/** Most cards the progress screen lists as needing attention, worst first. */
export const ATTENTION_CARDS_MAX = 20;

// ── Bug board

/** Longest bug title: one line in the list. */
export const BUG_TITLE_MAX = 100;
/** Longest bug description: a few paragraphs. */
export const BUG_DESCRIPTION_MAX = 1000;
/** Bugs shown per page of the board (SPEC §9). */
export const BUGS_PER_PAGE = 3;
/** Longest bug-close password accepted: longer than any real one, it bounds the hashing work per guess. */
export const BUG_ADMIN_PASSWORD_MAX = 200;
/** Wrong bug-close passwords allowed in BUG_CLOSE_WINDOW_MS (RATE_LIMIT_BUG_CLOSE overrides it): slows guessing. */
export const BUG_CLOSE_ATTEMPTS_MAX = 5;
/** The window BUG_CLOSE_ATTEMPTS_MAX counts in. */
export const BUG_CLOSE_WINDOW_MS = 15 * MINUTE_MS;

// ── Requests

/** Largest JSON request body: far above any ordinary request, it bounds what one request makes the server parse. */
export const JSON_BODY_MAX_BYTES = 256 * 1024;

// ── Languages and themes

/** The languages of the interface and of every card. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The interface language until one is chosen or detected. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage key of the chosen theme (SPEC §3). */
export const THEME_STORAGE_KEY = 'theme';
/** The theme until one is chosen. */
export const DEFAULT_THEME_ID = 'default';

export interface ThemeColors {
  background: string;
  primary: string;
  secondary: string;
  accent: string;
  success: string;
  danger: string;
  text: string;
  border: string;
}

export interface Theme {
  id: string;
  name: string;
  colors: ThemeColors;
}

/** The six colour themes. Text/background pairs keep at least 4.5:1 contrast. */
export const THEMES: readonly Theme[] = [
  {
    id: 'default',
    name: 'Classic',
    colors: {
      background: '#f7f9fc',
      primary: '#2f5bd3',
      secondary: '#5c6b7a',
      accent: '#b0327a',
      success: '#1e7b45',
      danger: '#c0312b',
      text: '#1d2733',
      border: '#c9d3df',
    },
  },
  {
    id: 'ocean',
    name: 'Ocean Breeze',
    colors: {
      background: '#eef8fb',
      primary: '#0b6a8a',
      secondary: '#3f6e7d',
      accent: '#00838f',
      success: '#1b7a4a',
      danger: '#b3261e',
      text: '#0f2a33',
      border: '#b5d9e3',
    },
  },
  {
    id: 'sunset',
    name: 'Sunset Glow',
    colors: {
      background: '#fff6ef',
      primary: '#b4461b',
      secondary: '#7a5545',
      accent: '#a8326e',
      success: '#2f7a32',
      danger: '#b3261e',
      text: '#33190f',
      border: '#f0cdb6',
    },
  },
  {
    id: 'alvarado',
    name: 'Alvarado',
    colors: {
      background: '#f5f7f0',
      primary: '#2e6b30',
      secondary: '#6b5b2e',
      accent: '#8a4f0f',
      success: '#256b28',
      danger: '#b02a2a',
      text: '#1f2a1a',
      border: '#cfd8c0',
    },
  },
  {
    id: 'royal',
    name: 'Royal Purple',
    colors: {
      background: '#f7f4fc',
      primary: '#5b2d9e',
      secondary: '#62557a',
      accent: '#a0307a',
      success: '#267a45',
      danger: '#b3261e',
      text: '#231a33',
      border: '#d6cbe8',
    },
  },
  {
    id: 'monochrome',
    name: 'Monochrome',
    colors: {
      background: '#ffffff',
      primary: '#222222',
      secondary: '#555555',
      accent: '#444444',
      success: '#2a6e2a',
      danger: '#a32020',
      text: '#111111',
      border: '#bbbbbb',
    },
  },
];

// ── Catalogue

/** Name shown on decks imported from the catalogue. */
export const HELPER_AUTHOR_NAME = 'Flashcards Team';

// ---------------------------------------------------------------------------------------------
// Spaced repetition (FSRS through ts-fsrs; src/shared/srs.ts)
// ---------------------------------------------------------------------------------------------

/** Most cards in one review session (a child's attention span); "Keep going" asks for more. */
export const REVIEW_SESSION_SIZE = 20;

/** How an answer was graded: simple grading only uses again (Not mastered) and good (Mastered). */
export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewRating = (typeof RATINGS)[number];

/** A card's memory state: never studied, in its first short steps, scheduled in days, or forgotten and relearning. */
export const MEMORY_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type MemoryStateName = (typeof MEMORY_STATES)[number];

/** Share of cards the student should still recall when they come due (FSRS desired retention). */
export const RETENTION_MIN = 0.8;
export const RETENTION_MAX = 0.97;
export const DEFAULT_RETENTION = 0.9;

/** New cards introduced per local day. */
export const NEW_PER_DAY_MIN = 0;
export const NEW_PER_DAY_MAX = 100;
export const DEFAULT_NEW_PER_DAY = 10;

/** Cards already known before today that are reviewed per local day. */
export const REVIEWS_PER_DAY_MIN = 10;
export const REVIEWS_PER_DAY_MAX = 500;
export const DEFAULT_REVIEWS_PER_DAY = 100;

/** Grading buttons: simple (Mastered / Not mastered) or detailed (Again / Hard / Good / Easy, older learners). */
export const GRADING_MODES = ['simple', 'detailed'] as const;
export type GradingMode = (typeof GRADING_MODES)[number];
export const DEFAULT_GRADING_MODE: GradingMode = 'simple';

/** Whether a student's cards are read aloud as they appear (children who cannot read yet); off by default. */
export const DEFAULT_AUTO_READ = false;

/** Short steps (ts-fsrs step units) before a new card is scheduled in days, and after a forgotten one. */
export const LEARNING_STEPS = ['1m', '10m'] as const;
export const RELEARNING_STEPS = ['10m'] as const;

/** A review's reviewed_at may be at most this far ahead of the server's clock (devices' clocks drift). */
export const REVIEWED_AT_MAX_FUTURE_MS = 5 * 60 * 1000;
/** Oldest reviewed_at accepted (an offline device syncing late). */
export const REVIEWED_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Longest answer time kept in the review log. */
export const REVIEW_DURATION_MAX_MS = 60 * 60 * 1000;

/** Days in the due forecast of the progress screen, today first. */
export const FORECAST_DAYS = 14;
/** Days in the activity calendar of the progress screen (12 weeks), oldest first. */
export const ACTIVITY_DAYS = 84;
/** A streak survives one missed day (a rest day) in any this many consecutive days. */
export const STREAK_REST_DAY_WINDOW = 7;

/** "All students": reviews counted over the last this many local days (today included), a school week and its weekend. */
export const CLASS_REVIEW_DAYS = 7;
/** "All students": accuracy over the last this many local days, long enough to mean something for a light week. */
export const CLASS_ACCURACY_DAYS = 30;

/** How long a family invite link stays valid: long enough for the other parent to find the message. */
export const FAMILY_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Characters of an invite short code: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. */
export const FAMILY_INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in an invite short code (31^8 ≈ 8.5·10^11 codes, guessed only through the rate limit). */
export const FAMILY_INVITE_CODE_LENGTH = 8;
/** Longest invite code input accepted (a pasted code with spaces or a whole link's tail); longer is refused as invalid. */
export const FAMILY_INVITE_CODE_INPUT_MAX = 40;
/** Open invites a family may hold at once: enough for both grandparents, bounded against abuse. */
export const FAMILY_INVITES_OPEN_MAX = 10;
/** Adults in one family: a classroom's teachers fit; bounds the member list. */
export const FAMILY_MEMBERS_MAX = 20;
/** Invite code look-ups and joins per person in FAMILY_JOIN_WINDOW_MS (RATE_LIMIT_FAMILY_JOIN overrides it): makes guessing codes hopeless. */
export const FAMILY_JOIN_ATTEMPTS_MAX = 10;
/** The window FAMILY_JOIN_ATTEMPTS_MAX counts in. */
export const FAMILY_JOIN_WINDOW_MS = 15 * 60 * 1000;

/** Characters of a deck share code: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. */
export const SHARE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in a share code, which is also the link (31^12 ≈ 2^59: never guessed, even before the rate limit). */
export const SHARE_CODE_LENGTH = 12;
/** Cards shown in a shared deck's preview: enough to judge it, little to copy without adding it. */
export const SHARE_PREVIEW_CARDS = 5;
/** Share codes that matched nothing, per person in SHARE_LOOKUP_WINDOW_MS: makes guessing codes hopeless. */
export const SHARE_LOOKUP_MISSES_MAX = 20;
/** The window SHARE_LOOKUP_MISSES_MAX counts in. */
export const SHARE_LOOKUP_WINDOW_MS = 15 * MINUTE_MS;

/** Bytes of pictures and recordings kept on a device for offline study: a term of decks, well inside a tablet's quota. */
export const OFFLINE_MEDIA_MAX_BYTES = 200 * 1024 * 1024;
/** Media downloads at once when a deck is kept offline: fills the cache without starving the page's own requests. */
export const OFFLINE_MEDIA_FETCH_CONCURRENCY = 4;

/** Printable cards: 2 columns × 4 rows on a sheet, big enough for a picture and a word a child can read. */
export const PRINT_COLUMNS = 2;
export const PRINT_ROWS = 4;
/** Paper sizes the print page offers (CSS `@page` size names), with the printable area inside a 10 mm margin. */
export const PRINT_PAPERS = {
  A4: { widthMm: 190, heightMm: 277 },
  letter: { widthMm: 195.9, heightMm: 259.4 },
} as const;
export type PrintPaper = keyof typeof PRINT_PAPERS;
export const PRINT_MARGIN_MM = 10;

/** Decks a device keeps for offline study: those studied in the last this many days, and those marked. */
export const OFFLINE_RECENT_DAYS = 30;
/** At most this many decks are kept per student on a device (their cards and memory), most recent first. */
export const OFFLINE_DECKS_MAX = 60;

// ── Play modes (issue 25; grades in src/shared/answer-modes.ts)

/** How a card was answered: flip cards, listen and pick, picture/word choice, match pairs, spell it. */
export const ANSWER_MODES = ['flip', 'listen', 'choice', 'match', 'spell'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];
/** Days the progress page counts answers per mode over: a month shows what a child plays now. */
export const MODE_STATISTICS_DAYS = 30;
/** Options in a listen-and-pick or choice round: the answer and three others (one in four by chance). */
export const PLAY_CHOICES = 4;
/** Pairs on a match board: fits a 390 px phone in two columns of six. */
export const MATCH_PAIRS = 6;
/** Age up to which a new student is proposed as "does not read yet". */
export const PRE_READER_AGE_MAX = 6;
/** Questions in one round of listen and pick, choice or spell it: a young child's attention span. */
export const PLAY_ROUND_SIZE = 10;
/**
 * When a deck alone cannot give four different options, the student's other decks are read for
 * them: at most this many decks, and no more once this many cards are in hand (enough to find
 * three unlike options, pictures included, without reading a whole library on a tablet).
 */
export const PLAY_OTHER_DECKS_MAX = 3;
export const PLAY_OTHER_CARDS_ENOUGH = 30;
