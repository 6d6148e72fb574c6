import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** What a backup wrote. */
export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** A page count larger than any database: copy everything in one backup step. */
const ALL_PAGES = 0x7fffffff;

/** DATA_DIR/backups/flashcards-<UTC timestamp>.db (a name that sorts by time and suits every file system). */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `flashcards-${stamp}.db`);
}

/** Opens `file` and answers whether SQLite finds it intact; closes it again. */
export function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * Online backup of the SQLite database at `sourceFile` into `dest` through SQLite's backup API,
 * safe while the app keeps writing (never a file copy, which can catch the database file and its
 * WAL at different moments). All pages are copied in one step, i.e. in one read transaction: a
 * consistent snapshot that WAL mode lets writers continue beside, whereas a page-by-page copy
 * restarts whenever another connection writes and might never finish under steady load.
 * The copy is written beside `dest`, switched to a single self-contained file (no WAL), checked
 * with integrity_check, and only then renamed to `dest`, so a file at `dest` is always complete.
 */
export async function backupSqlite(sourceFile: string, dest: string): Promise<BackupResult> {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  if (fs.existsSync(dest)) throw new Error(`${dest} already exists; choose another file name`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });

  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    source.pragma('busy_timeout = 5000');
    ({ totalPages: pages } = await source.backup(partial, { progress: () => ALL_PAGES }));
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }

  try {
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const integrity = integrityCheck(partial);
    if (integrity !== 'ok') throw new Error(`The backup failed its integrity check: ${integrity}`);
    fs.renameSync(partial, dest);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file: dest, bytes: fs.statSync(dest).size, pages };
}

/** What a restore did. */
export interface RestoreResult {
  file: string;
  /** Where the database that was replaced (with its WAL) was moved; null when there was none. */
  previous: string | null;
}

/**
 * Puts a backup in place of the database file. The server must be stopped. The backup is checked
 * first; the database it replaces is kept beside it (with its -wal file, which must never be
 * applied to the restored file), so a mistaken restore can be undone.
 */
export function restoreSqlite(backupFile: string, databaseFile: string, now = new Date()): RestoreResult {
  const integrity = integrityCheck(backupFile);
  if (integrity !== 'ok') throw new Error(`${backupFile} failed its integrity check: ${integrity}`);
  const probe = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    if (!probe.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get()) {
      throw new Error(`${backupFile} is not a backup of this app's database`);
    }
  } finally {
    probe.close();
  }

  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const incoming = `${databaseFile}.restoring`;
  fs.copyFileSync(backupFile, incoming);
  let previous: string | null = null;
  if (fs.existsSync(databaseFile)) {
    previous = `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(databaseFile, previous);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) {
    const side = `${databaseFile}${suffix}`;
    if (!fs.existsSync(side)) continue;
    if (previous && suffix === '-wal') fs.renameSync(side, `${previous}-wal`);
    else fs.rmSync(side);
  }
  fs.renameSync(incoming, databaseFile);
  return { file: databaseFile, previous };
}
