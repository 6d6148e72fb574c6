import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioCardForm, decodeAudio, makeAudio } from '../../testing/audio';
import { createTestApp, type Agent, type TestApp } from '../../testing/harness';

let t: TestApp;
let a: Agent;
let b: Agent;
let key: string;
let size: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  const deck = (await a.post('/api/decks', { title: 'Voices' })).body.id;
  const voice = { bytes: await makeAudio('webm-mediarecorder', { seconds: 2, hz: 'speech' }) };
  const card = await a.form(
    'POST',
    '/api/cards',
    audioCardForm({ deck_id: deck, en: 'apple', es: 'manzana' }, { es: voice }),
  );
  key = card.body.es_audio_key;
  size = (await get(a, key)).bytes.length;
});
afterAll(() => t.close());

/** GET /api/audio/{key} as a browser's <audio> element sends it, with the raw bytes of the answer. */
async function get(agent: Agent, audioKey: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(`http://localhost/api/audio/${audioKey}`, {
    headers: { ...headers, ...(agent.cookie ? { cookie: agent.cookie } : {}) },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(text) };
}

describe('GET /api/audio/{key}', () => {
  it('serves the recording to its owner as MP3 that plays, with nosniff, a long private cache and ranges offered', async () => {
    const res = await get(a, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${key}"`);
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
    expect((await decodeAudio(res.bytes)).seconds).toBeCloseTo(2, 1);
  });

  it('answers another user exactly like a recording that does not exist, and a visitor with 401', async () => {
    const theirs = await get(b, key);
    const missing = await get(b, 'f'.repeat(64));
    expect([theirs.status, missing.status]).toEqual([404, 404]);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    expect((await get(t.visitor, key)).status).toBe(401);
    // Malformed keys are missing recordings too.
    for (const bad of ['nope', key.toUpperCase(), `${key}0`, '..%2F..%2Fetc'])
      expect((await get(a, bad)).status).toBe(404);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await get(a, key, { 'if-none-match': `"other", "${key}"` });
    expect(res.status).toBe(304);
    expect(res.bytes.length).toBe(0);
    expect(res.headers.get('etag')).toBe(`"${key}"`);
    expect((await get(a, key, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  describe('byte ranges (Safari asks for bytes=0-1 first)', () => {
    let whole: Buffer;
    beforeAll(async () => {
      whole = (await get(a, key)).bytes;
    });

    it.each([
      ['bytes=0-1', 0, 1],
      ['bytes=100-', 100, -1],
      ['bytes=-500', -500, -1],
      ['bytes=10-20', 10, 20],
      ['bytes=0-99999999', 0, -1],
    ])('answers %s with 206 and that part', async (range, from, to) => {
      const start = from < 0 ? size + from : from;
      const end = to < 0 ? size - 1 : to;
      const res = await get(a, key, { range });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(Number(res.headers.get('content-length'))).toBe(end - start + 1);
      expect(res.bytes.equals(whole.subarray(start, end + 1))).toBe(true);
    });

    it.each([['past the end'], ['malformed']])(
      'answers a range %s with 416, the size, and { error, code }',
      async (what) => {
        const res = await get(a, key, { range: what === 'malformed' ? 'bytes=abc' : `bytes=${size}-` });
        expect(res.status).toBe(416);
        expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
        expect(res.json()).toEqual({ error: expect.any(String), code: 'range_not_satisfiable' });
      },
    );

    it('sends the whole recording for several ranges, another unit, or a stale If-Range', async () => {
      const cases: Record<string, string>[] = [
        { range: 'bytes=0-1,5-9' },
        { range: 'items=0-1' },
        { range: 'items=abc' },
        { range: 'bytes=0-1', 'if-range': '"an-old-version"' },
      ];
      for (const headers of cases) {
        const res = await get(a, key, headers);
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(res.bytes.equals(whole)).toBe(true);
      }
      expect((await get(a, key, { range: 'bytes=0-1', 'if-range': `"${key}"` })).status).toBe(206);
    });

    it('answers ranges alike when the browser accepts compressed answers (the bytes are never re-encoded)', async () => {
      const res = await get(a, key, { range: 'bytes=0-1', 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.bytes.equals(whole.subarray(0, 2))).toBe(true);
      const full = await get(a, key, { 'accept-encoding': 'gzip' });
      expect([full.status, full.headers.get('content-encoding'), full.bytes.equals(whole)]).toEqual([200, null, true]);
    });

    it('gives another user 404 whatever the range', async () => {
      expect((await get(b, key, { range: 'bytes=0-1' })).status).toBe(404);
      expect((await get(b, key, { range: `bytes=${size}-` })).status).toBe(404);
    });
  });
});
