import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from './api-client';
import { fetchMe } from './auth';
import { clearKept, keepValue, keptAsOf, keptKeys, readKept, readThrough } from './offline-store';

// What is read is kept once the page has settled (a few seconds after load); here, when the test says.
let settle: () => void = () => undefined;
let settled = Promise.resolve();
vi.mock('./page-settled', () => ({ pageSettled: () => settled }));

const user = { id: 1, email: 'ana@example.com', name: 'Ana', google_user_data: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
const network = () => new ApiRequestError(NETWORK_ERROR_MESSAGE, 0, 'network_error');

beforeEach(() => {
  settled = Promise.resolve();
  return clearKept();
});
afterEach(() => vi.unstubAllGlobals());

describe('readThrough', () => {
  it('keeps what the server answered and answers it, with its time, when the server cannot be reached', async () => {
    expect(await readThrough('k', async () => ({ n: 1 }))).toEqual({ n: 1 });
    await vi.waitFor(async () => expect((await readKept('k'))?.value).toEqual({ n: 1 }));
    expect(keptAsOf('k')).toBeNull();

    expect(await readThrough('k', () => Promise.reject(network()))).toEqual({ n: 1 });
    expect(keptAsOf('k')).toBe((await readKept('k'))!.at);
    // Read from the server again: no longer marked as a kept copy.
    await readThrough('k', async () => ({ n: 2 }));
    expect(keptAsOf('k')).toBeNull();
  });

  it('passes on refusals from the server, and a network error when nothing is kept', async () => {
    await keepValue('k', 'old');
    const refused = new ApiRequestError('Not found', 404, 'not_found');
    await expect(readThrough('k', () => Promise.reject(refused))).rejects.toBe(refused);
    const err = network();
    await expect(readThrough('nothing', () => Promise.reject(err))).rejects.toBe(err);
  });

  it('keeps a copy only once the page has settled, and not if the device was cleared meanwhile', async () => {
    settled = new Promise<void>((resolve) => (settle = resolve));
    await readThrough('k', async () => 'before sign-out');
    await readThrough('j', async () => 'kept');
    expect(await readKept('k')).toBeUndefined();
    settle();
    await vi.waitFor(async () => expect((await readKept('j'))?.value).toBe('kept'));

    settled = new Promise<void>((resolve) => (settle = resolve));
    await readThrough('k', async () => 'read by the person who signs out');
    await clearKept();
    settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readKept('k')).toBeUndefined();
  });

  it('does not keep what it was told not to', async () => {
    await readThrough('k', async () => 'value', false);
    expect(await readKept('k')).toBeUndefined();
  });
});

describe('fetchMe offline', () => {
  it('answers the last known user when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, user)),
    );
    expect(await fetchMe()).toEqual(user);
    await vi.waitFor(async () => expect((await readKept(keptKeys.me))?.value).toEqual(user));
    offline();
    expect(await fetchMe()).toEqual(user);
  });

  it('signs out on a 401 and forgets what the device kept', async () => {
    localStorage.setItem('signedIn', 'true');
    await keepValue(keptKeys.me, user);
    await keepValue(keptKeys.students, []);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'Not signed in', code: 'unauthorized' })),
    );
    expect(await fetchMe()).toBeNull();
    expect(await readKept(keptKeys.me)).toBeUndefined();
    expect(await readKept(keptKeys.students)).toBeUndefined();
    // Nothing kept any more: offline now means signed out.
    offline();
    expect(await fetchMe()).toBeNull();
  });
});
