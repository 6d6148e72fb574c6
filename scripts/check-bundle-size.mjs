// Download budgets of the first view of home, checked by `npm test` after `npm run build`:
// - JavaScript and CSS: what dist/client/index.html makes a browser download before anything is
//   shown (entry script, its modulepreload links, classic scripts, stylesheets) and the scripts it
//   carries inline (the early reads and the theme boot), gzipped: 150 kB.
//   Lazy route chunks are not counted.
// - Fonts: every font the first-view stylesheets name (the woff2 a browser takes; the woff beside
//   it is only for browsers without woff2): 120 kB.
// - Images: the pictures index.html and the first-view stylesheets name (icons, backgrounds), as
//   sent (SVG gzipped): 60 kB. The illustrations are inline SVG, inside the JavaScript counted above.
// Exits 1 over any budget.
// Usage: node scripts/check-bundle-size.mjs [clientDir]   (default: $BUILD_DIR/client or dist/client)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** 150 kB as Vite prints sizes (1 kB = 1000 bytes). */
export const BUDGET_BYTES = 150_000;
export const FONT_BUDGET_BYTES = 120_000;
export const IMAGE_BUDGET_BYTES = 60_000;

const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const local = (files) =>
  [...new Set(files)]
    .filter((f) => !/^(https?:|data:)?\/\//.test(f) && !f.startsWith('data:'))
    .map((f) => f.replace(/^\//, ''));

/** The script and style files index.html loads up front, as paths relative to the client folder. */
export function firstViewFiles(html) {
  const files = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src) files.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const href = attr(tag, 'href');
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) files.push(href);
  }
  return local(files);
}

/** The files a stylesheet names with url(), relative to the client folder (Vite writes them root-relative). */
function cssUrls(css) {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]);
}

/** Fonts and pictures of the first view: [fonts, images] as client-relative paths. */
export function firstViewMedia(clientDir, html) {
  const styles = firstViewFiles(html).filter((f) => f.endsWith('.css'));
  const urls = styles.flatMap((f) => cssUrls(fs.readFileSync(path.join(clientDir, f), 'utf8')));
  const fonts = local(urls.filter((u) => /\.woff2$/i.test(u)));
  const pictures = urls.filter((u) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(u));
  for (const tag of html.match(/<(link|img)\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const src = tag.toLowerCase().startsWith('<img') ? attr(tag, 'src') : rel.includes('icon') && attr(tag, 'href');
    if (src) pictures.push(src);
  }
  return [fonts, local(pictures)];
}

const gzip = (data) => zlib.gzipSync(data, { level: 9 }).length;

/** The scripts written inline in index.html (counted with the files: the browser runs them as well). */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc\s*=/i.test(attrs) && body.trim())
    .map(([, , body], i) => ({ file: `index.html inline script ${i + 1}`, data: Buffer.from(body) }));
}

function sizes(clientDir, files) {
  return files.map((entry) => {
    const file = typeof entry === 'string' ? entry : entry.file;
    const data = typeof entry === 'string' ? fs.readFileSync(path.join(clientDir, entry)) : entry.data;
    return {
      file,
      raw: data.length,
      gzip: gzip(data),
      brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
}

/** Raw, gzip (level 9) and brotli sizes of every first-view script and stylesheet and their totals. */
export function measureFirstView(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = sizes(clientDir, [...inlineScripts(html), ...firstViewFiles(html)]);
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), budget: BUDGET_BYTES };
}

/** Bytes sent for the first view's fonts (already compressed) and pictures (SVG gzipped), with budgets. */
export function measureFirstViewMedia(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const [fontFiles, imageFiles] = firstViewMedia(clientDir, html);
  const sent = (f) => (f.file.endsWith('.svg') ? f.gzip : f.raw);
  const fonts = sizes(clientDir, fontFiles).map((f) => ({ file: f.file, bytes: sent(f) }));
  const images = sizes(clientDir, imageFiles).map((f) => ({ file: f.file, bytes: sent(f) }));
  const total = (list) => list.reduce((s, f) => s + f.bytes, 0);
  return {
    fonts: { files: fonts, bytes: total(fonts), budget: FONT_BUDGET_BYTES },
    images: { files: images, bytes: total(images), budget: IMAGE_BUDGET_BYTES },
  };
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clientDir = process.argv[2] ?? path.join(process.env.BUILD_DIR ?? 'dist', 'client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    console.error(`${clientDir}/index.html not found: run \`npm run build\` first.`);
    process.exit(2);
  }
  const m = measureFirstView(clientDir);
  for (const f of m.files)
    console.log(`  ${f.file.padEnd(48)} ${kB(f.raw).padStart(10)} raw ${kB(f.gzip).padStart(10)} gzip`);
  const verdict = (bytes, budget) => (bytes <= budget ? 'within' : 'OVER');
  console.log(
    `First view of home: ${kB(m.gzip)} gzipped (${kB(m.brotli)} brotli, ${kB(m.raw)} raw); budget ${kB(m.budget)}: ${verdict(m.gzip, m.budget)}.`,
  );
  const media = measureFirstViewMedia(clientDir);
  let over = m.gzip > m.budget;
  for (const [name, group] of [
    ['Fonts', media.fonts],
    ['Images', media.images],
  ]) {
    for (const f of group.files) console.log(`  ${f.file.padEnd(48)} ${kB(f.bytes).padStart(10)}`);
    console.log(
      `${name} of the first view: ${kB(group.bytes)}; budget ${kB(group.budget)}: ${verdict(group.bytes, group.budget)}.`,
    );
    over ||= group.bytes > group.budget;
  }
  if (over) process.exit(1);
}
