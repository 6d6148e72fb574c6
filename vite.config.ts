import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyReadsScript } from './scripts/early-reads-plugin';
import { preloadFonts } from './scripts/font-preload-plugin';
import { routePreloads } from './scripts/route-preload-plugin';
import { themeBoot } from './scripts/theme-boot-plugin';

export const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@client': path.resolve(import.meta.dirname, 'src/client'),
};

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    themeBoot(),
    preloadFonts(['andika-latin-400-normal.woff2', 'andika-latin-700-normal.woff2']),
    // The first screen's reads start as soon as the HTML has arrived, not once the app's code has run.
    earlyReadsScript('early-reads.ts'),
    // The pages people open directly (a deck, a study session, the progress screen): the server names
    // their code in the HTML it answers for them. More specific paths first (the first match counts).
    routePreloads({
      '/study/review': 'app/routes/review.tsx',
      '/study/:id': 'app/routes/study.tsx',
      '/deck/:id': 'app/routes/deck.tsx',
      '/progress': 'app/routes/progress.tsx',
      '/progress/all': 'app/routes/class-progress.tsx',
      '/play/:source': 'app/routes/play.tsx',
    }),
  ],
  resolve: { alias },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One download per on-demand interface language instead of one per feature file
            // (English is in the entry: src/client/lib/i18n.ts).
            {
              name: (id: string) => {
                const lang = /\/locales\/(\w+)\//.exec(id)?.[1];
                return lang && lang !== 'en' ? `locale-${lang}` : null;
              },
            },
            // The libraries every screen runs on, in one file: left alone, the bundler cuts them
            // into a dozen small shared chunks, each a request on the first view.
            {
              name: 'framework',
              test: /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store|cookie|set-cookie-parser)\//,
            },
            // The early reads' script stands alone (it must not wait for the app's code).
            { name: 'early-reads', test: /\/src\/client\/(lib\/)?early-reads\.ts$/ },
            // The rest of what the entry needs, in one file: the small chunks the bundler would cut out
            // of it (code the lazy pages share) each compress on their own, costing kilobytes.
            { name: 'first-view', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
