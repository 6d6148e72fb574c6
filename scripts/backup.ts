// `npm run backup [-- <dest-file>]`: a consistent online backup of the SQLite database, safe while
// the app runs (SQLite's backup API). Default destination: DATA_DIR/backups/flashcards-<time>.db.
// Reads the same environment as the server (DATA_DIR, DATABASE_URL). Restore: see README "Backups".
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { backupSqlite, defaultBackupPath } from '../src/server/ops/backup';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    process.stderr.write(
      'DATABASE_URL points at PostgreSQL: back it up with its own tools, e.g.\n' +
        '  pg_dump -Fc --no-owner -d "$DATABASE_URL" -f flashcards.dump\n' +
        'and restore with pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" flashcards.dump\n',
    );
    return 2;
  }
  const dest = path.resolve(process.argv[2] ?? defaultBackupPath(config.dataDir));
  const result = await backupSqlite(config.database.file, dest);
  process.stdout.write(`Backup written: ${result.file} (${result.bytes} bytes, integrity_check ok)\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
