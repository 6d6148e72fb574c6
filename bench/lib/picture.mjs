// A synthetic 4000 × 3000 camera-like JPEG: texture at every scale, colour casts and sensor noise,
// so that it compresses like a photograph and not like a flat test pattern.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const W = 4000;
const H = 3000;

/** mulberry32: a small seeded generator, so that every run uploads the same bytes. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random values on a coarse grid, smoothly enlarged to W × H; always 3 channels (sharp's raw output). */
async function smoothNoise(rnd, gw, gh) {
  const grid = Buffer.alloc(gw * gh * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(rnd() * 256);
  return sharp(grid, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(W, H, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/**
 * `kind: 'photo'`: brightness detail at every scale from 8 to 2048 cells across (each step of 4× finer
 * detail at 0.42× the amplitude: rougher than the 1/f spectrum of natural images, standing in for their
 * edges and texture), shared by the three channels as in photographs, over soft colour casts, plus
 * sensor noise. `kind: 'colour-noise'`: independent, flatter detail in every channel: a worst case no
 * camera produces, reported for information. Cached in the temp dir (the same seed gives the same bytes).
 */
export async function makeJpeg(kind = 'photo', seed = 7) {
  const cache = path.join(os.tmpdir(), `flashcards-bench-${kind}-${seed}-v1.jpg`);
  if (fs.existsSync(cache)) return fs.readFileSync(cache);
  const rnd = random(seed);
  const shared = kind === 'photo';
  const falloff = shared ? 0.42 : 0.6;
  const octaves = [];
  let amp = 1;
  let total = 0;
  for (let cells = 8; cells <= 2048; cells *= 4) {
    octaves.push([await smoothNoise(rnd, cells, Math.round(cells * 0.75)), amp]);
    total += amp;
    amp *= falloff;
  }
  const tint = await smoothNoise(rnd, 6, 5);
  const raw = Buffer.alloc(W * H * 3);
  const sigma = 4;
  for (let p = 0; p < W * H; p++) {
    for (let c = 0; c < 3; c++) {
      const idx = shared ? p * 3 : p * 3 + c;
      let detail = 0;
      for (const [o, a] of octaves) detail += (o[idx] - 128) * a;
      const noise = (rnd() + rnd() + rnd() - 1.5) * 2 * sigma;
      const v = 128 + (detail / total) * 1.6 + (tint[p * 3 + c] - 128) * 0.5 + noise;
      raw[p * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  const jpeg = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  fs.writeFileSync(cache, jpeg);
  return jpeg;
}
