// `npx tsx scripts/restore.ts <backup-file>`: puts a backup made by `npm run backup` in place of the
// SQLite database named by DATA_DIR / DATABASE_URL. Stop the server first. The replaced database is
// kept beside it as flashcards.db.before-restore-<time> (with its -wal file).
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { restoreSqlite } from '../src/server/ops/backup';

const backup = process.argv[2];
try {
  if (!backup) throw new Error('usage: npx tsx scripts/restore.ts <backup-file>   (stop the server first)');
  const config = loadConfig();
  if (config.database.kind === 'postgres')
    throw new Error('DATABASE_URL points at PostgreSQL: restore with pg_restore');
  const result = restoreSqlite(path.resolve(backup), config.database.file);
  process.stdout.write(`Restored ${backup} to ${result.file}\n`);
  if (result.previous) process.stdout.write(`The replaced database was kept as ${result.previous}\n`);
} catch (err) {
  process.stderr.write(`Restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
