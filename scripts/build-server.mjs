// Bundles the server (path aliases resolved) into dist/server/index.js (BUILD_DIR overrides dist);
// packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/index.ts', 'src/server/db/migrate-cli.ts'],
  outdir: `${process.env.BUILD_DIR ?? 'dist'}/server`,
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
