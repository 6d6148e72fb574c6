// The build under test, and the machine the figures come from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newestSourceMtime } from '../../scripts/sources-mtime.mjs';

/** Runs `npm run build` into `buildDir` when it is missing, or older than the sources unless told not to. */
export function ensureBuild(buildDir, { skipWhenStale = false, log = () => {} } = {}) {
  const files = ['server/index.js', 'client/index.html'].map((f) => path.join(buildDir, f));
  const built = files.every((f) => fs.existsSync(f));
  const stale = built && newestSourceMtime() > Math.min(...files.map((f) => fs.statSync(f).mtimeMs));
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
