// Where an Anki import's CPU goes, step by step (issue 24, item 7): the bench's package taken
// through the import's own code in this process, one step after another and one item at a time, so
// that each step's CPU is its own (the server runs them side by side; its figures by state are in
// anki-import.mjs). FFmpeg's CPU is read as this process's finished children's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const TICK_MS = 1000 / 100; // USER_HZ on Linux

/** CPU of this process (all its threads) and of its finished children, in ms. */
function cpu() {
  const u = process.cpuUsage();
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { self: (u.user + u.system) / 1000, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
}

/** Runs `work` and returns its CPU (own and children's) and wall time, in ms. */
async function measure(work) {
  const c0 = cpu();
  const t0 = performance.now();
  await work();
  const c1 = cpu();
  return {
    cpu_ms: Math.round(c1.self - c0.self),
    children_cpu_ms: Math.round(c1.children - c0.children),
    wall_ms: Math.round(performance.now() - t0),
  };
}

/**
 * The CPU of each step of importing `apkg`: unzip and decompress (the collection, then every media
 * file the cards use), reading the notes (SQLite, HTML to text, the plan), each picture's decode,
 * resize and encode (sharp, as `encodePicture` does them, split into three pipelines over the decoded
 * pixels) and the whole `encodePicture`, and the sounds (`encodeAudio`: FFmpeg). Saving the rows is
 * measured by the server (its log's `steps.saving`).
 */
export async function ankiImportSplit(apkg) {
  const src = (p) => tsImport(`../../src/server/${p}`, import.meta.url);
  const { openAnkiPackage, planImport, previewOf } = await src('features/transfer/anki-import.ts');
  const { encodePicture, BATCH_WEBP_EFFORT, WEBP_QUALITY } = await src('features/images/images.service.ts');
  const { encodeAudio } = await src('features/audio/audio.service.ts');
  const { IMAGE_MAX_DIMENSION } = await src('../shared/constants.ts');
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-split-'));
  let pkg;
  try {
    const mapping = await (async () => {
      const p = await openAnkiPackage(apkg, tempRoot);
      try {
        return previewOf(p).proposed_mapping;
      } finally {
        p.close();
      }
    })();
    const unzipCollection = await measure(async () => {
      pkg = await openAnkiPackage(apkg, tempRoot);
    });
    let plan;
    const notes = await measure(async () => {
      plan = planImport(pkg.collection, mapping);
    });
    const cards = [...plan.decks.values()].flatMap((d) => d.cards);
    const pictureNames = [...new Set(cards.flatMap((c) => (c.picture ? [c.picture[0]] : [])))];
    const soundNames = [...new Set(cards.flatMap((c) => [c.en_sound, c.es_sound]).filter(Boolean))];
    const pictures = [];
    const sounds = [];
    const unzipMedia = await measure(async () => {
      for (const name of pictureNames) pictures.push(await pkg.media(name));
      for (const name of soundNames) sounds.push(await pkg.media(name, 2 * 1024 * 1024));
    });
    const family = 1;
    // Sounds first: a process's FFmpeg start costs more the more memory it holds (fork), and the
    // pictures' pixels below are kept in memory.
    const soundsStep = await measure(async () => {
      for (const s of sounds) await encodeAudio(family, s, { batch: true });
    });
    // The same pipeline as encodePicture's, cut after each stage (the pixels kept in memory between).
    const decoded = [];
    const decode = await measure(async () => {
      for (const p of pictures) decoded.push(await sharp(p).rotate().raw().toBuffer({ resolveWithObject: true }));
    });
    const resized = [];
    const resize = await measure(async () => {
      for (const { data, info } of decoded) {
        resized.push(
          await sharp(data, { raw: info })
            .resize(IMAGE_MAX_DIMENSION, IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true }),
        );
      }
    });
    const encode = await measure(async () => {
      for (const { data, info } of resized) {
        await sharp(data, { raw: info }).webp({ quality: WEBP_QUALITY, effort: BATCH_WEBP_EFFORT }).toBuffer();
      }
    });
    decoded.length = 0;
    resized.length = 0;
    const wholePictures = await measure(async () => {
      for (const p of pictures) await encodePicture(family, p, { batch: true });
    });
    return {
      cpus: os.cpus().length,
      sharp_concurrency: sharp.concurrency(),
      webp_effort: BATCH_WEBP_EFFORT,
      pictures: pictures.length,
      sounds: sounds.length,
      unzip_decompress: {
        cpu_ms: unzipCollection.cpu_ms + unzipMedia.cpu_ms,
        collection_cpu_ms: unzipCollection.cpu_ms,
        media_cpu_ms: unzipMedia.cpu_ms,
      },
      reading_notes: notes,
      picture_decode: decode,
      picture_resize: resize,
      picture_encode: encode,
      pictures_whole: wholePictures,
      sounds_step: soundsStep,
    };
  } finally {
    pkg?.close();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
}
