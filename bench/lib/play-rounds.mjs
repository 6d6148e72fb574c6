// Round generation of the play modes (issue 25), as the browser runs it: src/shared/play-rounds.ts
// bundled by esbuild, then timed in this process. A deck of 500 cards (half with pictures) and 500
// cards of the student's other decks; one round = whether the other decks are needed, the modes a deck
// offers, the pools per deck, a 20-question choice round with pictures (listen and pick) and a match
// board, as play-screen.tsx builds them. Target: p50 ≤ 5 ms.
// Alone: `node bench/lib/play-rounds.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PLAY_SIZES = { deckCards: 500, otherCards: 500, questions: 20, samples: 500, warmup: 50 };

async function loadRounds() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-play-'));
  const outfile = path.join(dir, 'play-rounds.mjs');
  await build({
    entryPoints: [path.join(root, 'src/shared/play-rounds.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'silent',
  });
  const mod = await import(pathToFileURL(outfile).href);
  fs.rmSync(dir, { recursive: true, force: true });
  return mod;
}

const cardsOf = (deckId, n, firstId) =>
  Array.from({ length: n }, (_, i) => ({
    id: firstId + i,
    deck_id: deckId,
    en: `word ${firstId + i}`,
    es: `palabra ${firstId + i}`,
    front_image_key: i % 2 === 0 ? `picture-${firstId + i}` : null,
    back_image_key: null,
  }));

export async function playRoundFigures() {
  const { choiceRound, deckModes, matchBoard, needsOtherDecks, poolsByDeck, shuffled } = await loadRounds();
  const deck = cardsOf(1, PLAY_SIZES.deckCards, 1);
  const others = cardsOf(2, PLAY_SIZES.otherCards, 10_000);
  const round = () => {
    needsOtherDecks(deck, 'es');
    const modes = deckModes(deck, others, 'es');
    const asked = shuffled(deck).slice(0, PLAY_SIZES.questions);
    const questions = choiceRound(asked, poolsByDeck(deck, others), { optionSide: 'es', preferPictures: true });
    const board = matchBoard(deck, { side: 'en', pictures: true });
    if (!modes.listen.on || questions.length !== PLAY_SIZES.questions || board.tiles.length !== 12)
      throw new Error('play round: unexpected round');
  };
  for (let i = 0; i < PLAY_SIZES.warmup; i++) round();
  const ms = [];
  for (let i = 0; i < PLAY_SIZES.samples; i++) {
    const t = performance.now();
    round();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => Math.round(ms[Math.floor(q * (ms.length - 1))] * 1000) / 1000;
  return { sizes: PLAY_SIZES, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await playRoundFigures(), null, 2));
}
