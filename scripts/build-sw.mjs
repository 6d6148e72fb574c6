// Bundles the service worker (src/client/sw/sw.ts) into <BUILD_DIR|dist>/client/sw.js and writes
// into it, with Workbox's injectManifest, the list of files it precaches: the app shell that the
// client build emitted (index.html, scripts, styles, fonts, locale chunks, icons, manifest).
// Runs after `vite build` and before build-server.mjs, which precompresses sw.js with the rest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const clientDir = path.join(process.env.BUILD_DIR ?? 'dist', 'client');
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-sw-'));
const bundled = path.join(tmpDir, 'sw.js');

try {
  await build({
    entryPoints: ['src/client/sw/sw.ts'],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    tsconfig: 'tsconfig.json',
    // Workbox logs in development builds only.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(clientDir, 'sw.js'),
    globDirectory: clientDir,
    // woff2 only: every browser that runs a service worker takes it over the woff beside it.
    globPatterns: ['**/*.{html,js,css,woff2,svg,png,webmanifest}'],
    globIgnores: ['sw.js'],
    // Vite fingerprints everything under assets/: no revision needed to tell versions apart.
    dontCacheBustURLsMatching: /^assets\//,
  });
  for (const warning of warnings) console.warn(warning);
  console.log(`sw.js: precaches ${count} files, ${(size / 1000).toFixed(0)} kB`);
} finally {
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
