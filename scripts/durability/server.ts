// Starting, killing and stopping the real server for the durability run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const live = new Set<ChildProcess>();
// Never leave a server behind, whatever ends this script.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Bundles the current sources with the project's own server build (scripts/build-server.mjs) into
 * .tmp/durability/build, so the run always tests the code as it is now (dist/ may be stale) and
 * never touches dist/, which other commands may be serving from. Takes well under a second.
 */
export function buildServer(root: string): string {
  const buildDir = path.join('.tmp', 'durability', 'build');
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the server failed');
  return path.join(root, buildDir, 'server', 'index.js');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and a clean exit. */
  stop(): Promise<void>;
  /** What the server printed (errors only: LOG_LEVEL=error). */
  output(): string;
}

/** Starts the built server on a free loopback port and waits until /api/health answers. */
export async function startServer(entry: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const collect = (d: Buffer) => {
    if (output.length < 20_000) output += d.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(signal ?? String(code));
    }),
  );

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited while starting:\n${output}`);
    }
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within 60 s:\n${output}`);
    }
    await sleep(20);
  }

  return {
    url,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const how = await exited;
      if (how !== '0') throw new Error(`The server did not stop cleanly (${how}):\n${output}`);
    },
  };
}
