// Uploads under attack: user A sends four slow pictures at once (1 × 49,000,000 one-bit PNGs, 95 KB
// each, under the pixel cap) while user B uploads small 64 × 64 pictures one after another.
// Measures B's upload latency (target p95 ≤ 1 s) and what happened to A's uploads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { apiClient } from './seed.mjs';

const SLOW_HEIGHT = 49_000_000;

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1-pixel-wide, 49-million-row, 1-bit greyscale PNG (cached in `dir`). */
export function slowPng(dir) {
  const file = path.join(dir, 'slow-1x49m.png');
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(SLOW_HEIGHT, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: filter byte 0, then one byte holding the single 1-bit pixel.
  const raw = Buffer.alloc(SLOW_HEIGHT * 2);
  const png = Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  fs.writeFileSync(file, png);
  return png;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function newUser(baseUrl, name) {
  const api = apiClient(baseUrl);
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await api.call('POST', '/api/auth/local/signup', { email, password: 'correct horse battery', name });
  const deck = await api.call('POST', '/api/decks', { title: `${name} pictures`, student_id: null });
  return { api, deckId: deck.id };
}

function cardForm(deckId, bytes, name) {
  const form = new FormData();
  form.set('deck_id', String(deckId));
  form.set('en', name);
  form.set('es', name);
  form.set('front_image', new Blob([bytes], { type: 'image/png' }), `${name}.png`);
  return form;
}

/** Runs the attack and B's uploads; returns the figures. */
export async function uploadStall(baseUrl, tmpDir, { minUploads = 5, maxUploads = 200 } = {}) {
  const slow = slowPng(tmpDir);
  const a = await newUser(baseUrl, 'attacker');
  const b = await newUser(baseUrl, 'neighbour');
  let attacking = true;
  const attack = Array.from({ length: 4 }, async (_, i) => {
    const t0 = performance.now();
    const outcome = await a.api
      .call('POST', '/api/cards', cardForm(a.deckId, slow, `slow${i}`))
      .then(() => 'stored')
      .catch((err) => String(err.message).match(/: (\d{3}) /)?.[1] ?? 'error');
    return { outcome, ms: Math.round(performance.now() - t0) };
  });
  const attackDone = Promise.all(attack).finally(() => (attacking = false));
  await new Promise((r) => setTimeout(r, 300)); // the slow ones are being decoded
  // B starts an upload every 250 ms for as long as the attack lasts (at least `minUploads`), each on
  // its own, as people in other families would: every measured upload competes with the attack.
  const uploads = [];
  for (let i = 0; i < maxUploads && (attacking || i < minUploads); i++) {
    uploads.push(
      (async () => {
        const small = await sharp({
          create: { width: 64, height: 64, channels: 3, background: { r: (i * 10) % 256, g: 80, b: 160 } },
        })
          .png()
          .toBuffer();
        const t0 = performance.now();
        await b.api.call('POST', '/api/cards', cardForm(b.deckId, small, `small${i}`));
        return performance.now() - t0;
      })(),
    );
    await new Promise((r) => setTimeout(r, 250));
  }
  const latencies = await Promise.all(uploads);
  const slowResults = await attackDone;
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    slow_png_bytes: slow.length,
    small_uploads: latencies.length,
    small_upload_ms: {
      p50: Math.round(pct(sorted, 50)),
      p95: Math.round(pct(sorted, 95)),
      max: Math.round(sorted.at(-1)),
    },
    slow_uploads: slowResults,
  };
}
