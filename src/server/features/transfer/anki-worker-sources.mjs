// Runs the package-reading thread (anki-worker.ts) from the sources (tsx, vitest): TypeScript and
// the `@shared` path alias are compiled by tsx as it loads. The build bundles anki-worker.ts into
// dist/server/anki-worker.js instead (scripts/build-server.mjs), and this file is not used there.
import { tsImport } from 'tsx/esm/api';

await tsImport('./anki-worker.ts', import.meta.url);
