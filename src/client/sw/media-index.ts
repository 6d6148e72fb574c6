import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the media cache knows of one stored picture or recording. */
export interface MediaEntry {
  url: string;
  bytes: number;
  lastUsed: number;
}

interface MediaDb extends DBSchema {
  entries: { key: string; value: MediaEntry; indexes: { lastUsed: number } };
  // One row, 'total': the sum of entries' bytes, so a new entry does not walk the whole index.
  meta: { key: string; value: number };
}

export const MEDIA_INDEX_DB = 'offline-media';
const TOTAL = 'total';

/**
 * Sizes and last use of the media the service worker keeps in Cache Storage, in IndexedDB: the
 * Cache API knows neither, and least-recently-used eviction needs both.
 */
export class MediaIndex {
  private constructor(
    private readonly db: IDBPDatabase<MediaDb>,
    private readonly maxBytes: number,
  ) {}

  static async open(maxBytes: number, name = MEDIA_INDEX_DB): Promise<MediaIndex> {
    const db = await openDB<MediaDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore('entries', { keyPath: 'url' }).createIndex('lastUsed', 'lastUsed');
        d.createObjectStore('meta');
      },
    });
    return new MediaIndex(db, maxBytes);
  }

  /**
   * Records a stored file and evicts the least recently used others until the total fits the
   * bound; returns the URLs evicted, for the caller to delete from Cache Storage (the file itself,
   * alone, when it is larger than the whole bound).
   */
  async record(url: string, bytes: number, now = Date.now()): Promise<string[]> {
    const tx = this.db.transaction(['entries', 'meta'], 'readwrite');
    const entries = tx.objectStore('entries');
    const meta = tx.objectStore('meta');
    let total = (await meta.get(TOTAL)) ?? 0;
    const previous = await entries.get(url);
    total -= previous?.bytes ?? 0;
    const evicted: string[] = [];
    if (bytes > this.maxBytes) {
      // Keeping it would empty the cache for one file: it is not kept, and nothing else goes.
      if (previous) await entries.delete(url);
      evicted.push(url);
    } else {
      total += bytes;
      await entries.put({ url, bytes, lastUsed: now });
      let cursor = await entries.index('lastUsed').openCursor();
      while (cursor && total > this.maxBytes) {
        if (cursor.value.url !== url) {
          await cursor.delete();
          total -= cursor.value.bytes;
          evicted.push(cursor.value.url);
        }
        cursor = await cursor.continue();
      }
    }
    await meta.put(total, TOTAL);
    await tx.done;
    return evicted;
  }

  /** Marks a file as just used; false when the index does not know it (e.g. after site data was cleared). */
  async touch(url: string, now = Date.now()): Promise<boolean> {
    const tx = this.db.transaction('entries', 'readwrite');
    const entry = await tx.store.get(url);
    if (entry) await tx.store.put({ ...entry, lastUsed: now });
    await tx.done;
    return entry !== undefined;
  }

  /** Bytes recorded in all. */
  async totalBytes(): Promise<number> {
    return (await this.db.get('meta', TOTAL)) ?? 0;
  }

  /** Every entry, least recently used first. */
  async entries(): Promise<MediaEntry[]> {
    return this.db.getAllFromIndex('entries', 'lastUsed');
  }

  /** Forgets everything (sign-out). */
  async clear(): Promise<void> {
    const tx = this.db.transaction(['entries', 'meta'], 'readwrite');
    await Promise.all([tx.objectStore('entries').clear(), tx.objectStore('meta').clear(), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}
