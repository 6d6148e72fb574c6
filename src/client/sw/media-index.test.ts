import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaIndex } from './media-index';

let open: MediaIndex[] = [];
let dbCount = 0;
async function index(maxBytes: number) {
  const idx = await MediaIndex.open(maxBytes, `media-test-${++dbCount}`);
  open.push(idx);
  return idx;
}
afterEach(() => {
  for (const idx of open) idx.close();
  open = [];
});

describe('media cache bookkeeping', () => {
  it('keeps everything while the total fits, and adds sizes up', async () => {
    const idx = await index(1000);
    expect(await idx.record('/api/images/a', 400, 1)).toEqual([]);
    expect(await idx.record('/api/images/b', 600, 2)).toEqual([]);
    expect(await idx.totalBytes()).toBe(1000);
  });

  it('evicts the least recently used files, not the oldest stored, until the new one fits', async () => {
    const idx = await index(1000);
    await idx.record('/api/images/a', 300, 1);
    await idx.record('/api/images/b', 300, 2);
    await idx.record('/api/audio/c', 300, 3);
    await idx.touch('/api/images/a', 4); // a was viewed again: b is now the least recently used
    expect(await idx.record('/api/images/d', 350, 5)).toEqual(['/api/images/b']);
    expect((await idx.entries()).map((e) => e.url)).toEqual(['/api/audio/c', '/api/images/a', '/api/images/d']);
    expect(await idx.totalBytes()).toBe(950);
    expect(await idx.record('/api/images/e', 900, 6)).toEqual(['/api/audio/c', '/api/images/a', '/api/images/d']);
    expect(await idx.totalBytes()).toBe(900);
  });

  it('does not keep a file larger than the whole bound, and evicts nothing else for it', async () => {
    const idx = await index(1000);
    await idx.record('/api/images/a', 300, 1);
    expect(await idx.record('/api/audio/huge', 1500, 2)).toEqual(['/api/audio/huge']);
    expect(await idx.totalBytes()).toBe(300);
    expect((await idx.entries()).map((e) => e.url)).toEqual(['/api/images/a']);
  });

  it('counts a file stored again once, at its new size', async () => {
    const idx = await index(1000);
    await idx.record('/api/images/a', 300, 1);
    await idx.record('/api/images/a', 500, 2);
    expect(await idx.totalBytes()).toBe(500);
    expect(await idx.entries()).toEqual([{ url: '/api/images/a', bytes: 500, lastUsed: 2 }]);
  });

  it('tells a touch of an unknown file apart, and forgets everything on clear', async () => {
    const idx = await index(1000);
    expect(await idx.touch('/api/images/x', 1)).toBe(false);
    await idx.record('/api/images/a', 300, 1);
    expect(await idx.touch('/api/images/a', 2)).toBe(true);
    await idx.clear();
    expect(await idx.entries()).toEqual([]);
    expect(await idx.totalBytes()).toBe(0);
  });
});
