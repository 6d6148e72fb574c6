// The build under test, and the machine the figures come from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Newest modification time under `entry` (tests excluded), 0 when missing. */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (!/\.test\.tsx?$/.test(name)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Runs `npm run build` into `buildDir` when it is missing, or older than the sources unless told not to. */
export function ensureBuild(buildDir, { skipWhenStale = false, log = () => {} } = {}) {
  const files = ['server/index.js', 'client/index.html'].map((f) => path.join(buildDir, f));
  const built = files.every((f) => fs.existsSync(f));
  const sources = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs', 'tsconfig.json'];
  const stale = built && Math.max(...sources.map(newestMtime)) > Math.min(...files.map((f) => fs.statSync(f).mtimeMs));
  if (built && (!stale || skipWhenStale)) return;
  log(`${built ? 'sources are newer than' : 'no build in'} ${buildDir}: running npm run build`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } });
  if (r.status !== 0) throw new Error('build failed');
}

/** Cores, memory, OS, Node, date and the load average (other programs competing for the cores). */
export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    memory_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    date: new Date().toISOString(),
    load_average_at_start: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}
