import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config';

const serverProject = (name: string, env: Record<string, string>) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    include: ['src/server/**/*.test.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every server test file builds its own app on its own fresh database (testing/harness.ts) and
    // the server's modules keep no state a test could leave behind, so a worker imports the app
    // once for all the files it runs instead of once per file (import time was 250 s of the run).
    // The client's tests share jsdom, i18n and query caches between files, and stay isolated.
    isolate: false,
  },
});

const databases = [serverProject('server-sqlite', { TEST_DB: 'sqlite' })];
if (process.env.TEST_DATABASE_URL) databases.push(serverProject('server-postgres', { TEST_DB: 'postgres' }));

export default defineConfig({
  test: {
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine, where
    // most server tests wait on the database or a child process rather than on the CPU. Two at
    // least halves the server suite's wall time here (290 s -> 162 s on SQLite).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { resolve: { alias }, test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'] } },
      ...databases,
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
    ],
  },
});
