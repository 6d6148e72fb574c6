// Bundles the server (path aliases resolved) into dist/server/index.js (BUILD_DIR overrides dist);
// packages stay external. Then precompresses the client's text assets (.br and .gz beside each),
// which the server sends to browsers that accept them (serveStatic precompressed: true).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const outDir = process.env.BUILD_DIR ?? 'dist';

// anki-worker.js: the Anki package reader's thread, loaded by path beside index.js (features/transfer/anki-pool.ts).
await build({
  entryPoints: ['src/server/index.ts', 'src/server/db/migrate-cli.ts', 'src/server/features/transfer/anki-worker.ts'],
  outdir: `${outDir}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
  entryNames: '[name]',
});

// The optimizer's worker thread is loaded by path (features/schedule/optimizer.ts).
fs.copyFileSync('src/server/features/schedule/optimizer-worker.mjs', `${outDir}/server/optimizer-worker.mjs`);

/** Writes file.br (brotli 11) and file.gz (gzip 9) for each text file, where smaller than the file. */
function precompress(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) {
      const data = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gz = zlib.gzipSync(data, { level: 9 });
      if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
    }
  }
}

precompress(path.join(outDir, 'client'));
