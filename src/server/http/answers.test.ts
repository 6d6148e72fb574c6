import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppEnv } from '../context';
import { completeHeaders, sendBody, sendJson } from './answers';
import { isApiPath, responseHeaders, securityHeaderList } from './security';

/**
 * Answers built complete (http/answers.ts) must be exactly what the header middleware makes of the
 * same answer built the ordinary way.
 */

const plain = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent' });
const https = loadConfig({ DATA_DIR: '/tmp', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://flash.example' });
const value = { id: 1, title: 'Animales', cards: [{ en: 'cat', es: 'gato' }] };
const bytes = new Uint8Array([1, 2, 3, 4]);
const pictureHeaders = () => ({
  etag: '"abc"',
  'cache-control': 'private, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-type': 'image/webp',
});

function testApp(config: typeof plain) {
  const app = new Hono<AppEnv>();
  app.use(responseHeaders(config));
  app.get('/api/fast.json', (c) => sendJson(c, value, 200));
  app.get('/api/slow.json', (c) => c.json(value, 200));
  app.get('/api/fast.webp', (c) => sendBody(c, bytes, 200, pictureHeaders()));
  app.get('/api/slow.webp', (c) => c.body(bytes, 200, pictureHeaders()));
  return app;
}

/** Every header but Content-Length (which only the Node adapter adds to the ordinary answer). */
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'content-length');

describe('complete answers', () => {
  for (const [name, config] of [
    ['http', plain],
    ['https (HSTS)', https],
  ] as const) {
    it(`have the headers and body the header middleware gives the same answer (${name})`, async () => {
      const app = testApp(config);
      for (const [fast, slow] of [
        ['/api/fast.json', '/api/slow.json'],
        ['/api/fast.webp', '/api/slow.webp'],
      ]) {
        for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
          const a = await app.request(fast!, { headers });
          const b = await app.request(slow!, { headers });
          expect(a.status).toBe(b.status);
          expect(headersOf(a)).toEqual(headersOf(b));
          expect(Buffer.from(await a.arrayBuffer())).toEqual(Buffer.from(await b.arrayBuffer()));
        }
        // HEAD answers are built from the GET's, without a body: never complete ones.
        const a = await app.request(fast!, { method: 'HEAD' });
        const b = await app.request(slow!, { method: 'HEAD' });
        expect(headersOf(a)).toEqual(headersOf(b));
        expect(a.headers.get('content-length')).toBeNull();
      }
    });
  }

  it('state Content-Length, after the other headers in name order, as the Node adapter sends them', async () => {
    const res = await testApp(plain).request('/api/fast.json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(value))));
    const complete = completeHeaders(securityHeaderList(https));
    for (const template of [complete.json, complete.extra(pictureHeaders()).template]) {
      const names = Object.keys(template);
      expect(names.at(-1)).toBe('Content-Length');
      expect(names.slice(0, -1)).toEqual([...new Headers(template).keys()].filter((n) => n !== 'content-length'));
    }
  });
});

describe('isApiPath', () => {
  it("covers exactly the paths of app.use('/api/*')", async () => {
    const app = new Hono();
    app.use('/api/*', async (c, next) => {
      await next();
      c.res.headers.set('x-api', '1');
    });
    app.all('*', (c) => c.text(c.req.path));
    const paths = [
      '/api',
      '/api/',
      '/api/decks/1',
      '/apix',
      '/API/decks',
      '//api/x',
      '/a/api/x',
      '/%61pi/x',
      '/api%2Fx',
    ];
    for (const path of paths) {
      const res = await app.request(path);
      expect(isApiPath(await res.text()), path).toBe(res.headers.get('x-api') === '1');
    }
  });
});
