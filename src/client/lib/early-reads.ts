/**
 * The first screen's reads, sent by a small script of their own (src/client/early-reads.ts, named
 * in index.html beside the app's code) as soon as the HTML has arrived. The app's code is ~150 KB
 * and takes a while to download and run on a phone; the reads no longer wait for it. The app then
 * asks for the same paths (app/first-view.ts) and `takeEarlyRead` hands it these answers instead of
 * asking again. This file imports nothing, so that script stays a few hundred bytes.
 */

declare global {
  interface Window {
    /** GET path → the answer on its way, until the app takes it (each one once). */
    earlyReads?: Map<string, Promise<Response>>;
  }
}

export interface EarlyReadsDevice {
  /** The device was signed in at its last visit (lib/storage.ts `signedIn`). */
  signedIn: boolean;
  /** The student made current on this device (lib/storage.ts `currentStudentId`), if any. */
  studentId: number | null;
  /** The browser's IANA time zone (lib/time-zone.ts). */
  timeZone: string;
}

/** lib/route-id.ts: a positive integer up to the API's largest id (@shared/constants ID_MAX). */
export const EARLY_ID_MAX = 2_147_483_647;
const isId = (raw: string | undefined) => !!raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= EARLY_ID_MAX;

/**
 * The GET paths app/first-view.ts reads at boot for the page at `pathname`, spelled as the
 * queries' fetches spell them: the user always; on a device signed in at its last visit, the
 * students and the page's data.
 */
export function firstViewReads(pathname: string, device: EarlyReadsDevice): string[] {
  const reads = ['/api/users/me'];
  if (!device.signedIn) return reads;
  reads.push('/api/students');
  const tz = `tz=${encodeURIComponent(device.timeZone)}`;
  const student = device.studentId;
  const [, first, second, ...rest] = pathname.replace(/\/+$/, '').split('/');
  if ((first === 'deck' || first === 'study') && isId(second) && rest.length === 0) {
    reads.push(`/api/decks/${Number(second)}`);
  } else if (student !== null && (pathname === '/' || pathname === '/study/review')) {
    reads.push(`/api/decks?student_id=${student}&${tz}`, `/api/students/${student}/review?${tz}`);
  } else if (student !== null && pathname === '/progress') {
    reads.push(`/api/progress/${student}?${tz}`, `/api/decks?student_id=${student}&${tz}`);
  }
  return reads;
}

/** lib/time-zone.ts `isZoneName`: what an IANA zone name looks like. */
const isZoneName = (raw: string | null): raw is string => !!raw && /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(raw);

/**
 * What the device kept from its last visit. The time zone is the one lib/time-zone.ts stored: asking
 * the browser (Intl.DateTimeFormat) loads its time-zone data, tens of milliseconds of a phone's
 * main thread before anything is shown; it is asked only when nothing is stored, and only for a
 * device whose reads need it (signed in).
 */
export function readDevice(): EarlyReadsDevice {
  let signedIn = false;
  let studentId: number | null = null;
  let timeZone: string | null = null;
  try {
    signedIn = localStorage.getItem('signedIn') === 'true';
    const raw = Number(localStorage.getItem('currentStudentId'));
    studentId = Number.isInteger(raw) && raw > 0 ? raw : null;
    timeZone = localStorage.getItem('timeZone');
  } catch {
    /* storage unavailable: read as a visitor */
  }
  if (signedIn && !isZoneName(timeZone)) {
    try {
      timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      timeZone = 'UTC';
    }
  }
  return { signedIn, studentId, timeZone: isZoneName(timeZone) ? timeZone : 'UTC' };
}

/** The deck page's first pictures (features/cards/pictures.ts `preloadFirstPictures`, same count and rule). */
export const EARLY_PICTURES = 3;
interface DeckCards {
  cards?: { front_image_key?: string | null; back_image_key?: string | null }[];
}
export function firstPictures(deck: DeckCards): string[] {
  return (deck.cards ?? [])
    .slice(0, EARLY_PICTURES)
    .map((card) => card.front_image_key ?? card.back_image_key)
    .filter((key): key is string => !!key)
    .map((key) => `/api/images/${encodeURIComponent(key)}`);
}

/**
 * Sends the first screen's reads, as lib/api-client.ts `apiFetch` would send them. On a deck's
 * page its first pictures are the largest content: they start as soon as the deck has arrived.
 */
export function startEarlyReads(): void {
  // Offline the app reads what the device kept, as it would without this script.
  if (!navigator.onLine) return;
  const reads = new Map<string, Promise<Response>>();
  for (const path of firstViewReads(window.location.pathname, readDevice())) {
    const answer = fetch(path, { method: 'GET', headers: { accept: 'application/json' }, credentials: 'same-origin' });
    // Taken by the app, which handles a failure; unhandled only if never taken.
    answer.catch(() => undefined);
    reads.set(path, answer);
    if (/^\/api\/decks\/\d+$/.test(path) && window.location.pathname.startsWith('/deck/')) {
      void answer
        .then((res) => (res.ok ? (res.clone().json() as Promise<DeckCards>) : { cards: [] }))
        .then((deck) => {
          for (const url of firstPictures(deck)) {
            const img = new Image();
            img.fetchPriority = 'high';
            img.src = url;
          }
        })
        .catch(() => undefined);
    }
  }
  window.earlyReads = reads;
}
