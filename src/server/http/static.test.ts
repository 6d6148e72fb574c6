import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { inlineScriptHashes, mountClient } from './static';

let dir: string;
let app: Hono<AppEnv>;
const script = 'console.log("flashcards");'.repeat(100);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head><title>Flashcards</title></head>');
  // As scripts/route-preload-plugin.ts writes it.
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '/study/review', scripts: ['/assets/review-r1.js'], styles: [] },
      {
        path: '/study/:id',
        scripts: ['/assets/study-s1.js', '/assets/review-r1.js'],
        styles: ['/assets/review-r2.css'],
      },
      { path: '/deck/:id', scripts: ['/assets/deck-d1.js'], styles: [] },
    ]),
  );
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  // As scripts/build-server.mjs leaves them.
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'sw.js'), script);
  fs.writeFileSync(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Flashcards"}');
  app = new Hono<AppEnv>();
  mountClient(app, dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('GET / and the built client', () => {
  it('never lets a browser keep index.html, at / or at a deep link', async () => {
    for (const p of ['/', '/index.html', '/deck/12', '/progress']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toContain('<title>Flashcards</title>');
    }
  });

  it("names the code of the page a deep link opens in the HTML's head, and no other page's", async () => {
    const modulepreloads = async (p: string) =>
      [...(await (await app.request(p)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    expect(await modulepreloads('/deck/12')).toEqual(['/assets/deck-d1.js']);
    expect(await modulepreloads('/study/12')).toEqual(['/assets/study-s1.js', '/assets/review-r1.js']);
    expect(await modulepreloads('/study/review')).toEqual(['/assets/review-r1.js']);
    const study = await (await app.request('/study/12')).text();
    expect(study).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/review-r2.css">\n<\/head>/);
    for (const p of ['/', '/deck/12/print', '/progress', '/deck/']) expect(await modulepreloads(p), p).toEqual([]);
    // The list is the server's, not a file for browsers.
    expect((await app.request('/route-preloads.json')).status).toBe(404);
  });

  it('serves fingerprinted assets for a year, immutable, precompressed for browsers that accept it', async () => {
    const br = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gzip = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');

    const plain = await app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('has the browser revalidate the service worker and the manifest, the manifest as application/manifest+json', async () => {
    for (const encoding of ['br', '']) {
      const sw = await app.request('/sw.js', { headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('content-type')).toMatch(/javascript/);
    }
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toEqual({ name: 'Flashcards' });
  });

  it('answers a missing asset 404 without a long cache lifetime', async () => {
    const res = await app.request('/assets/missing-000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });
});

describe('the CSP sources of the built page’s inline scripts', () => {
  it('hashes each inline script as browsers do, and no script with a file', () => {
    // The example of the CSP specification (and MDN): alert('Hello, world.'); → this hash.
    const html = `<head><title>x</title><script>alert('Hello, world.');</script>
      <script type="module" crossorigin src="/assets/index-abc.js"></script><script src="/a.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"]);
    expect(inlineScriptHashes('<head><title>x</title></head>')).toEqual([]);
  });
});
