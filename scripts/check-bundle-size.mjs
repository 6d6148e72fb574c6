// Size budget of the first view of home: the JavaScript and CSS that dist/client/index.html makes a
// browser download before anything is shown (entry script, its modulepreload links, stylesheets),
// gzipped. Lazy route chunks are not counted. Exits 1 over the budget; run after `npm run build`.
// Usage: node scripts/check-bundle-size.mjs [clientDir]   (default: $BUILD_DIR/client or dist/client)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** 150 kB as Vite prints sizes (1 kB = 1000 bytes). */
export const BUDGET_BYTES = 150_000;

const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** The files index.html loads up front, as paths relative to the client folder. */
export function firstViewFiles(html) {
  const files = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) files.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    const href = attr(tag, 'href');
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) files.push(href);
  }
  return [...new Set(files)].filter((f) => !/^(https?:)?\/\//.test(f)).map((f) => f.replace(/^\//, ''));
}

/** Raw, gzip (level 9) and brotli sizes of every first-view file and their totals. */
export function measureFirstView(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = firstViewFiles(html).map((file) => {
    const data = fs.readFileSync(path.join(clientDir, file));
    return {
      file,
      raw: data.length,
      gzip: zlib.gzipSync(data, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), budget: BUDGET_BYTES };
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
  const verdict = m.gzip <= m.budget ? 'within' : 'OVER';
  console.log(
    `First view of home: ${kB(m.gzip)} gzipped (${kB(m.brotli)} brotli, ${kB(m.raw)} raw); budget ${kB(m.budget)}: ${verdict}.`,
  );
  if (m.gzip > m.budget) process.exit(1);
}
