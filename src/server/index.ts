import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { answerClientErrors } from './http/client-errors';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { ensureBugAdminPassword } from './features/bugs';
import { createLogger } from './logger';
import { scheduleTuner } from './features/schedule';

/** Requests still running this long after SIGTERM/SIGINT are cut off, so a stop never hangs. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server: config, database, migrations, listen; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database);
  await migrate(db);
  const { app, deps } = createApp({
    config,
    db,
    logger,
    clientDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client'),
  });
  await onStart(deps);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ url: `http://${info.address}:${info.port}`, database: db.dialect }, 'listening');
  });
  answerClientErrors(server as Server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    // close() lets requests in flight finish; idle keep-alive sockets are closed so it can end.
    server.close(async () => {
      await db.close();
      logger.info('stopped');
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Start-up work of features (e.g. the bug board's admin password). */
async function onStart(deps: ReturnType<typeof createApp>['deps']) {
  await ensureBugAdminPassword(deps);
  // Tunings queued before a restart, by other instances' requests, and the weekly ones.
  scheduleTuner(deps).start();
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
