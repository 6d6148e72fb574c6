import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@client': path.resolve(import.meta.dirname, 'src/client'),
};

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? 'dist', 'client'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // One download per interface language instead of one per feature file.
        manualChunks(id: string) {
          const lang = /\/locales\/(en|es)\//.exec(id)?.[1];
          return lang ? `locale-${lang}` : undefined;
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
