import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION, IMAGE_MAX_SIDE } from '@shared/constants';
import { createTestApp, tableCounts, type Agent, type TestApp } from '../../testing/harness';
import {
  cardForm,
  makeHeicHeader,
  makeJpeg,
  makePixelFloodPng,
  makePng,
  makeTallPng,
  SVG,
  type Upload,
} from '../../testing/images';

let t: TestApp;
let a: Agent;
let b: Agent;
let deckId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.user('alice');
  b = await t.user('bob');
  deckId = (await a.post('/api/decks', { title: 'Pictures' })).body.id;
});
afterAll(() => t.close());

const upload = (picture: Upload, back?: Upload) =>
  a.form('POST', '/api/cards', cardForm({ deck_id: deckId, en: 'picture', es: 'imagen' }, picture, back));

/** The stored bytes, as the browser receives them. */
async function served(agent: Agent, key: string): Promise<Buffer> {
  const res = await t.app.request(`http://localhost/api/images/${key}`, { headers: { cookie: agent.cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('POST /api/cards (pictures)', () => {
  it('stores a photo as WebP within 1024 px, without EXIF or GPS', async () => {
    const jpeg = await makeJpeg(2000, 1500, { withGps: true });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload({ bytes: jpeg, name: 'holiday.jpg' });
    expect(res.status).toBe(201);
    expect(res.body.front_image_key).toMatch(/^[a-f0-9]{64}$/);
    expect(res.body.back_image_key).toBe(res.body.front_image_key);
    const bytes = await served(a, res.body.front_image_key);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: IMAGE_MAX_DIMENSION, height: 768 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('Secret Model 9')).toBe(false);
    expect(bytes.includes('private-owner')).toBe(false);
  });

  it('applies the EXIF orientation before resizing', async () => {
    const res = await upload({ bytes: await makeJpeg(2000, 1000, { orientation: 6, color: '#123456' }) });
    const meta = await sharp(await served(a, res.body.front_image_key)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([512, 1024, undefined]);
  });

  it('does not enlarge a small picture', async () => {
    const res = await upload({ bytes: await makePng(200, 100), name: 'p.png', type: 'image/png' });
    expect(res.status).toBe(201);
    const meta = await sharp(await served(a, res.body.front_image_key)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 100]);
  });

  it('detects the type by content, whatever the name and declared type say', async () => {
    const res = await upload({ bytes: await makePng(30, 30, '#abcdef'), name: 'notes.txt', type: 'text/plain' });
    expect(res.status).toBe(201);
  });

  it('stores the picture once when sent as both front and back, and once per user when reused', async () => {
    const pic = { bytes: await makeJpeg(120, 90, { color: '#00ff00' }) };
    const images = async () => (await tableCounts(t.db)).images ?? 0;
    const before = await images();
    const one = await upload(pic);
    const two = await upload(pic);
    expect(two.body.front_image_key).toBe(one.body.front_image_key);
    expect(await images()).toBe(before + 1);
    // Another user's copy is theirs: stored again under the same key, owned separately.
    const bobDeck = (await b.post('/api/decks', { title: 'Bob pictures' })).body.id;
    const bobs = await b.form('POST', '/api/cards', cardForm({ deck_id: bobDeck, en: 'x', es: 'x' }, pic));
    expect(bobs.body.front_image_key).toBe(one.body.front_image_key);
    expect(await images()).toBe(before + 2);
    expect((await b.del(`/api/decks/${bobDeck}`)).status).toBe(200);
    expect((await a.get(`/api/images/${one.body.front_image_key}`)).status).toBe(200);
    expect((await b.get(`/api/images/${one.body.front_image_key}`)).status).toBe(404);
  });

  it('stores two pictures when front and back differ', async () => {
    const res = await upload({ bytes: await makeJpeg(50, 50, { color: '#ff00ff' }) }, { bytes: await makePng(50, 50) });
    expect(res.status).toBe(201);
    expect(res.body.front_image_key).not.toBe(res.body.back_image_key);
    expect((await a.get(`/api/images/${res.body.back_image_key}`)).status).toBe(200);
  });

  describe('refusals store nothing', () => {
    const refused = async (picture: Upload, status: number, code: string) => {
      const before = await tableCounts(t.db);
      const res = await upload(picture);
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(await tableCounts(t.db)).toEqual(before);
    };

    it('refuses a text file named x.jpg and declared image/jpeg with 415', async () => {
      await refused(
        { bytes: Buffer.from('just some text, not a picture at all'), name: 'x.jpg' },
        415,
        'unsupported_image',
      );
    });

    it('refuses an SVG with 415', async () => {
      await refused({ bytes: SVG, name: 'x.svg', type: 'image/svg+xml' }, 415, 'unsupported_image');
      await refused({ bytes: SVG, name: 'x.png', type: 'image/png' }, 415, 'unsupported_image');
    });

    it('refuses a truncated JPEG', async () => {
      const jpeg = await makeJpeg(800, 600, { color: '#336699' });
      await refused({ bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }, 415, 'unsupported_image');
    });

    it('refuses a pixel flood', async () => {
      await refused(
        { bytes: await makePixelFloodPng(), name: 'flood.png', type: 'image/png' },
        415,
        'unsupported_image',
      );
    });

    it('refuses an absurd shape before decoding it: the 95 KB, 1 × 49,000,000 PNG', async () => {
      const slow = makeTallPng(49_000_000);
      expect(slow.length).toBeLessThan(100_000);
      await refused({ bytes: slow, name: 'slow.png', type: 'image/png' }, 413, 'image_dimensions');
      await refused({ bytes: await makePng(1, IMAGE_MAX_SIDE + 1), name: 'tall.png' }, 413, 'image_dimensions');
    });

    it('accepts a picture whose longest side is exactly the limit', async () => {
      const res = await upload({ bytes: await makePng(IMAGE_MAX_SIDE, 2), name: 'wide.png' });
      expect(res.status).toBe(201);
    });

    it('refuses a HEIC photo it cannot decode with a message naming the formats that work', async () => {
      const before = await tableCounts(t.db);
      const res = await upload({ bytes: makeHeicHeader(), name: 'IMG_0001.HEIC', type: 'image/heic' });
      expect([res.status, res.body.code]).toEqual([415, 'unsupported_heic']);
      expect(res.body.error).toMatch(/JPEG, PNG, WebP or GIF/);
      expect(await tableCounts(t.db)).toEqual(before);
    });

    it('refuses a file just over 10 MB with 413', async () => {
      const form = cardForm({ deck_id: deckId, en: 'big', es: 'grande' });
      form.append('front_image', new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)], { type: 'image/jpeg' }), 'big.jpg');
      const before = await tableCounts(t.db);
      const res = await a.form('POST', '/api/cards', form);
      expect([res.status, res.body.code]).toEqual([413, 'too_large']);
      expect(await tableCounts(t.db)).toEqual(before);
    });

    it('refuses an 11 MB body with 413', async () => {
      await refused({ bytes: new Uint8Array(11 * 1024 * 1024) }, 413, 'too_large');
    });

    it('refuses a bad replacement picture and keeps the card as it was', async () => {
      const card = await upload({ bytes: await makeJpeg(64, 48, { color: '#445566' }) });
      const before = await tableCounts(t.db);
      const res = await a.form(
        'PUT',
        `/api/cards/${card.body.id}`,
        cardForm({ en: 'changed', es: 'cambiado' }, { bytes: SVG }),
      );
      expect(res.status).toBe(415);
      expect(await tableCounts(t.db)).toEqual(before);
      expect((await a.get(`/api/decks/${deckId}`)).body.cards).toContainEqual(card.body);
    });
  });
});

describe('GET /api/images/{key}', () => {
  let key: string;
  beforeAll(async () => {
    key = (await upload({ bytes: await makeJpeg(100, 80, { color: '#010203' }) })).body.front_image_key;
  });

  it('serves the picture to its owner with nosniff, a long private cache and an ETag', async () => {
    const res = await a.get(`/api/images/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${key}"`);
  });

  it('answers 304 when If-None-Match names the ETag', async () => {
    const res = await a.request('GET', `/api/images/${key}`, { headers: { 'if-none-match': `"other", "${key}"` } });
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    const miss = await a.request('GET', `/api/images/${key}`, { headers: { 'if-none-match': '"other"' } });
    expect(miss.status).toBe(200);
  });

  it('answers 404 to another user, even with the right If-None-Match', async () => {
    expect((await b.get(`/api/images/${key}`)).status).toBe(404);
    const res = await b.request('GET', `/api/images/${key}`, { headers: { 'if-none-match': `"${key}"` } });
    expect(res.status).toBe(404);
  });

  it('answers 404 for a key that is not one, or that nobody has', async () => {
    for (const bad of [
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      key.toUpperCase(),
      key.slice(1),
      `${key}0`,
      'f'.repeat(64),
    ]) {
      expect((await a.get(`/api/images/${bad}`)).status, bad).toBe(404);
    }
  });

  it('needs a session', async () => {
    expect((await t.visitor.get(`/api/images/${key}`)).status).toBe(401);
  });
});
