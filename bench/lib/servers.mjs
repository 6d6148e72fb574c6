// Starting and stopping the processes under test: the app (built server) and the bare baseline.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

function spawnNode(args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

/**
 * The app as it is deployed: `node <buildDir>/server/index.js` on a free port with its own DATA_DIR.
 * With `profileDir`, the server writes a V8 CPU profile there when it stops (--cpu-prof).
 */
export async function startApp({ buildDir, dataDir, logFile, profileDir, env = {} }) {
  const port = await freePort();
  const args = [];
  if (profileDir) args.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  args.push(path.join(buildDir, 'server/index.js'));
  const child = spawnNode(
    args,
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/api/health`, child);
  return { name: 'app', url, child, pid: child.pid };
}

/** bench/baseline-server.mjs over its own copy of the database: the limit of this machine. */
export async function startBaseline({ dbFile, familyId, logFile }) {
  const port = await freePort();
  const script = new URL('../baseline-server.mjs', import.meta.url).pathname;
  const child = spawnNode(
    [script],
    { PORT: String(port), BASELINE_DB: dbFile, BASELINE_FAMILY_ID: String(familyId) },
    logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady(`${url}/health`, child);
  return { name: 'limit', url, child, pid: child.pid };
}

/** Resident memory of a process in MB (VmRSS from /proc), or null where /proc is missing. */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** Stops a server with SIGTERM (graceful; flushes a CPU profile) and waits for it to exit. */
export function stop(server, timeoutMs = 15_000) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU time (user + system) a process has used so far, in ms; null where /proc is missing. */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at ")"; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}
