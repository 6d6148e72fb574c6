// The fan-out of one edit to a shared deck (issue 23): a deck of 50 cards shared by link with 30
// families that all added it, then one card edited N times through the API (PUT /api/cards/{id}).
// Reports the rows each edit writes (SQLite's total_changes() before and after) and the time per
// edit. Runs the real app on a temp SQLite database, in this process.
// Alone: `npx tsx bench/lib/share-fanout.ts` (SHARE_FANOUT_EDITS, 200 by default).
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../../src/server/testing/harness';
import { cardForm } from '../../src/server/testing/images';

export const FANOUT_SIZES = { cards: 50, families: 30, edits: Number(process.env.SHARE_FANOUT_EDITS ?? 200) };

export async function shareFanoutFigures() {
  const t = await createTestApp();
  try {
    const sqlite = t.db.sqlite;
    if (!sqlite) throw new Error('share-fanout: runs on SQLite');
    const teacher = await t.user('teacher');
    const deck = (await teacher.post('/api/decks', { title: 'Animals' })).body;
    const cardIds: number[] = [];
    for (let i = 0; i < FANOUT_SIZES.cards; i++) {
      const res = await teacher.form(
        'POST',
        '/api/cards',
        cardForm({ deck_id: deck.id, en: `cat ${i}`, es: `gato ${i}` }),
      );
      if (res.status !== 201) throw new Error(`share-fanout: card ${res.status} ${res.text}`);
      cardIds.push(res.body.id);
    }
    const { code } = (await teacher.post(`/api/decks/${deck.id}/share`)).body;
    for (let f = 0; f < FANOUT_SIZES.families; f++) {
      const family = await t.user(`family${f}`);
      const res = await family.post(`/api/shared/${code}/add`, { student_id: null });
      if (res.status !== 201) throw new Error(`share-fanout: add ${res.status} ${res.text}`);
    }
    const changes = () => Number((sqlite.prepare('select total_changes() as n').get() as { n: number }).n);
    const edited = cardIds[0]!;
    const edit = (i: number) =>
      teacher.form('PUT', `/api/cards/${edited}`, cardForm({ en: `cat ${i}`, es: `gato ${i}` }));
    for (let i = 0; i < 10; i++) await edit(-i - 1);
    const ms: number[] = [];
    const rows: number[] = [];
    for (let i = 0; i < FANOUT_SIZES.edits; i++) {
      const before = changes();
      const t0 = performance.now();
      const res = await edit(i);
      ms.push(performance.now() - t0);
      rows.push(changes() - before);
      if (res.status !== 200) throw new Error(`share-fanout: edit ${res.status} ${res.text}`);
    }
    ms.sort((a, b) => a - b);
    rows.sort((a, b) => a - b);
    const at = (q: number) => Math.round(ms[Math.floor(q * (ms.length - 1))]! * 1000) / 1000;
    return {
      sizes: FANOUT_SIZES,
      rows_written_per_edit: rows[Math.floor(rows.length / 2)],
      rows_written_max: rows[rows.length - 1],
      p50_ms: at(0.5),
      p95_ms: at(0.95),
    };
  } finally {
    await t.close();
  }
}

if (process.argv[1]?.endsWith('share-fanout.ts')) {
  console.log(JSON.stringify(await shareFanoutFigures(), null, 2));
}
