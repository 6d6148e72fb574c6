import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startCertifiedProvider } from '../src/server/testing/oidc-provider';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts a certified OpenID provider (oidc-provider, default strict settings) and the built app on
 * free loopback ports with a temp data dir. Tests read the app's address from E2E_BASE_URL.
 */
export default async function globalSetup() {
  const dist = process.env.BUILD_DIR ?? 'dist';
  if (!fs.existsSync(`${dist}/server/index.js`) || !fs.existsSync(`${dist}/client/index.html`)) {
    throw new Error(`Build the app first: npm run build (looked in ${dist}/)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const oidc = await startCertifiedProvider(baseURL);
  const server = spawn(process.execPath, [`${dist}/server/index.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...oidc.env(),
      OIDC_NAME: 'Test SSO',
      BUG_ADMIN_PASSWORD: 'e2e-admin-password',
      RATE_LIMIT_SIGNUP: '100000',
      RATE_LIMIT_LOGIN: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error('The app server exited during start-up');
    if (Date.now() > deadline) throw new Error('The app server did not start in 20 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await oidc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
