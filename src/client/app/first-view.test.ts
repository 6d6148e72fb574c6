import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_MAX } from '@shared/constants';
import { apiFetch } from '@client/lib/api-client';
import { EARLY_ID_MAX, firstViewReads, startEarlyReads } from '@client/lib/early-reads';
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
