import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_MAX } from '@shared/constants';
import { apiFetch } from '@client/lib/api-client';
import type { Card } from '@shared/schemas/card';
import { EARLY_ID_MAX, EARLY_PICTURES, firstPictures, firstViewReads, startEarlyReads } from '@client/lib/early-reads';
import { cardPictureUrl } from '@client/lib/image-url';
import { EAGER_PICTURES } from '@client/features/cards/pictures';
import { STORAGE_KEYS } from '@client/lib/storage';
import { browserTimeZone } from '@client/lib/time-zone';
import { prefetchFirstView } from './first-view';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** What the server would answer each first-view read (enough for the queries and the deck's pictures). */
function answer(url: string): Response {
  if (url === '/api/users/me') return json({ id: 1, email: 'ana@example.com', name: 'Ana' });
  if (url === '/api/students') return json([{ id: 7, name: 'Leo' }]);
  if (/^\/api\/decks\/\d+$/.test(url)) return json({ id: 3, name: 'Animals', cards: [] });
  if (url.startsWith('/api/decks?')) return json([]);
  if (url.startsWith('/api/progress/')) return json({});
  return json({ cards: [] });
}

let sent: string[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      sent.push(url);
      return answer(url);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.earlyReads = undefined;
  window.history.replaceState(null, '', '/');
});

const device = { signedIn: true, studentId: 7, timeZone: browserTimeZone() };
const pages = ['/', '/deck/3', '/study/3', '/study/review', '/progress', '/bugs', '/deck/3/print'];

describe('the early reads of index.html', () => {
  it.each(pages)(
    'sends for %s exactly the reads the app makes at boot, each once, before its code runs',
    async (page) => {
      localStorage.setItem(STORAGE_KEYS.signedIn, 'true');
      localStorage.setItem(STORAGE_KEYS.currentStudentId, '7');
      // What the app reads at boot by itself.
      await prefetchFirstView(new QueryClient(), page);
      const app = [...sent].sort();
      expect(app.length).toBeGreaterThan(0);
      expect([...firstViewReads(page, device)].sort()).toEqual(app);

      // With the early script having run first, the app takes its answers: nothing is sent twice.
      sent = [];
      window.history.replaceState(null, '', page);
      startEarlyReads();
      expect([...sent].sort()).toEqual(app);
      await prefetchFirstView(new QueryClient(), page);
      expect([...sent].sort()).toEqual(app);
      // Whatever was not taken is forgotten once the first screen has what it needs.
      expect(window.earlyReads).toBeUndefined();
    },
  );

  it('reads only the user for a visitor, and nothing a deck id the API refuses', () => {
    expect(firstViewReads('/deck/3', { ...device, signedIn: false })).toEqual(['/api/users/me']);
    expect(firstViewReads(`/deck/${ID_MAX + 1}`, device)).toEqual(['/api/users/me', '/api/students']);
    expect(firstViewReads('/deck/03', device)).toEqual(['/api/users/me', '/api/students']);
    expect(EARLY_ID_MAX).toBe(ID_MAX);
    expect(firstViewReads('/', { ...device, studentId: null })).toEqual(['/api/users/me', '/api/students']);
  });

  it('sends nothing offline: the app reads what the device kept, as without the script', () => {
    localStorage.setItem(STORAGE_KEYS.signedIn, 'true');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startEarlyReads();
    expect(sent).toEqual([]);
    expect(window.earlyReads).toBeUndefined();
    vi.restoreAllMocks();
  });

  it("starts the deck page's first pictures as the app would", () => {
    const card = (front: string | null, back: string | null) =>
      ({ front_image_key: front, back_image_key: back }) as unknown as Card;
    const cards = [card('a b.jpg', null), card(null, 'back.png'), card(null, null), card('late.jpg', null)];
    const app = cards
      .slice(0, EAGER_PICTURES)
      .map(cardPictureUrl)
      .filter((u): u is string => u !== null);
    expect(firstPictures({ cards })).toEqual(app);
    expect(app).toEqual(['/api/images/a%20b.jpg', '/api/images/back.png']);
    expect(EARLY_PICTURES).toBe(EAGER_PICTURES);
  });

  it('hands each early answer to one read only; a later read, or a change, asks the server', async () => {
    window.earlyReads = new Map([['/api/students', Promise.resolve(json([{ id: 9, name: 'Early' }]))]]);
    await expect(apiFetch('/api/students')).resolves.toEqual([{ id: 9, name: 'Early' }]);
    expect(sent).toEqual([]);
    await expect(apiFetch('/api/students')).resolves.toEqual([{ id: 7, name: 'Leo' }]);
    expect(sent).toEqual(['/api/students']);

    window.earlyReads = new Map([['/api/students', Promise.resolve(json([]))]]);
    await apiFetch('/api/students', { method: 'POST', json: { name: 'Mia' } });
    expect(sent).toEqual(['/api/students', '/api/students']);
  });
});
