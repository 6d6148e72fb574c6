// `npm test`: unit, API (SQLite; PostgreSQL too when TEST_DATABASE_URL is set) and browser tests.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['vitest', 'run']);
run('node', ['scripts/ensure-chromium.mjs']);
run('npm', ['run', 'build']);
// The first view of home must stay within its download budget (issue: 150 KB gzipped).
run('node', ['scripts/check-bundle-size.mjs']);
run('npx', ['playwright', 'test']);
