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
  },
});

const databases = [serverProject('server-sqlite', { TEST_DB: 'sqlite' })];
if (process.env.TEST_DATABASE_URL) databases.push(serverProject('server-postgres', { TEST_DB: 'postgres' }));

export default defineConfig({
  test: {
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
