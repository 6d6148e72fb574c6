// Bringing cards in: 5,000 pasted rows through POST /api/decks/{id}/cards/bulk, and a 1,000-note
// Anki package (current format, collection.anki21b) with 200 pictures through POST /api/imports/anki,
// with the server's resident memory sampled while it works.
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { apiClient } from './seed.mjs';
import { rssMb } from './servers.mjs';

export const IMPORT_SIZES = { bulkRows: 5_000, bulkRounds: 3, ankiNotes: 1_000, ankiPictures: 200 };

/** Runs `work` while sampling the server's RSS every 25 ms; its result, the time it took and the peak RSS. */
async function measured(pid, work) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 25);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: Math.round(performance.now() - started), peak_rss_mb: peak };
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }
}

/** A 400 × 300 photo-like JPEG (Gaussian noise over a colour): about what Anki decks carry. */
function picture(i) {
  return sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 151) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The package, built with the test suite's fixture builder (src/server/testing/apkg-fixture.ts). */
async function ankiPackage() {
  const { buildApkg } = await tsImport('../../src/server/testing/apkg-fixture.ts', import.meta.url);
  const media = {};
  for (let i = 0; i < IMPORT_SIZES.ankiPictures; i++) media[`picture-${i}.jpg`] = await picture(i);
  const notes = Array.from({ length: IMPORT_SIZES.ankiNotes }, (_, i) => ({
    type: 'Vocabulary',
    deck: `Spanish::Unit ${1 + (i % 10)}`,
    fields: [
      `<b>word ${i}</b>`,
      `palabra ${i}${i % 5 === 0 ? ` <img src="picture-${i / 5}.jpg">` : ''}`,
      `/wɜːd ${i}/`,
      i % 7 === 0 ? `[sound:word-${i}.mp3]` : '',
    ],
  }));
  const apkg = await buildApkg({
    format: 'anki21b',
    noteTypes: [{ name: 'Vocabulary', fields: ['English', 'Spanish', 'English pronunciation', 'Audio'] }],
    notes,
    media,
  });
  return apkg;
}

/** The figures of the imports section. */
export async function importFigures(baseUrl, cookie, pid, log) {
  const api = apiClient(baseUrl);
  const auth = { cookie };
  const out = { sizes: IMPORT_SIZES, bulk: [], anki: null };

  const rows = Array.from({ length: IMPORT_SIZES.bulkRows }, (_, i) => ({
    en: `word number ${i}`,
    es: `palabra número ${i}`,
    ...(i % 3 === 0 ? { en_pronunciation: `/wɜːd ${i}/`, es_pronunciation: `pah-LAH-brah ${i}` } : {}),
  }));
  for (let round = 0; round < IMPORT_SIZES.bulkRounds; round++) {
    log(`imports: cards/bulk, ${IMPORT_SIZES.bulkRows} rows (round ${round + 1}/${IMPORT_SIZES.bulkRounds})`);
    const deck = await api.call('POST', '/api/decks', { title: `Bulk ${round + 1}`, student_id: null }, auth);
    const run = await measured(pid, () => api.call('POST', `/api/decks/${deck.id}/cards/bulk`, { cards: rows }, auth));
    if (run.result.created !== IMPORT_SIZES.bulkRows) throw new Error(`bulk: created ${run.result.created}`);
    out.bulk.push({ ms: run.ms, peak_rss_mb: run.peak_rss_mb });
  }

  log(`imports: building a ${IMPORT_SIZES.ankiNotes}-note .apkg with ${IMPORT_SIZES.ankiPictures} pictures`);
  const apkg = await ankiPackage();
  const send = (fields) => {
    const form = new FormData();
    form.set('file', new Blob([apkg]), 'bench.apkg');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return api.call('POST', '/api/imports/anki', form, auth);
  };
  log(`imports: .apkg of ${(apkg.length / 1024 / 1024).toFixed(1)} MB, dry run`);
  const dry = await measured(pid, () => send({ dry_run: 'true' }));
  log('imports: .apkg, real import');
  const real = await measured(pid, () => send({ mapping: JSON.stringify(dry.result.proposed_mapping) }));
  const r = real.result;
  if (r.cards !== IMPORT_SIZES.ankiNotes || r.pictures !== IMPORT_SIZES.ankiPictures) {
    throw new Error(`anki import made ${r.cards} cards and ${r.pictures} pictures: ${JSON.stringify(r.skipped)}`);
  }
  out.anki = {
    package_bytes: apkg.length,
    dry_run_ms: dry.ms,
    import_ms: real.ms,
    peak_rss_mb: Math.max(dry.peak_rss_mb, real.peak_rss_mb),
    decks: r.decks.length,
    cards: r.cards,
    pictures: r.pictures,
    sounds_skipped: r.skipped.sounds,
  };
  return out;
}
