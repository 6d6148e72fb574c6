import { describe, expect, it } from 'vitest';
import { canStandBeside, chooseDistractors, choiceRound, deckModes, matchBoard, type PlayCard } from './play-rounds';

let nextId = 1;
const card = (en: string, es: string, picture: string | null = null, deck = 1): PlayCard => ({
  id: nextId++,
  deck_id: deck,
  en,
  es,
  front_image_key: picture,
  back_image_key: null,
});

/** A repeatable random sequence (a linear congruential generator). */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('chooseDistractors', () => {
  it('never offers the answer, its text or its picture, nor two alike', () => {
    const answer = card('dog', 'perro', 'p1');
    const deck = [
      answer,
      card('Dog', 'can', 'p2'), // same text, other case
      card('puppy', 'cachorro', 'p1'), // same picture
      card('cat', 'gato', 'p3'),
      card('cat', 'gata', 'p4'), // same text as another distractor
      card('bird', 'pájaro', 'p5'),
      card('fish', 'pez', 'p6'),
    ];
    for (let seed = 1; seed < 50; seed++) {
      const got = chooseDistractors(answer, { sameDeck: deck }, { side: 'en', random: seeded(seed) });
      expect(got).toHaveLength(3);
      const texts = got.map((c) => c.en.toLowerCase());
      expect(new Set(texts).size).toBe(3);
      expect(texts).not.toContain('dog');
      expect(got.map((c) => c.front_image_key)).not.toContain('p1');
      expect(texts.sort()).toEqual(['bird', 'cat', 'fish']);
    }
  });

  it('takes the same deck first, then the other decks', () => {
    const answer = card('one', 'uno');
    const deck = [answer, card('two', 'dos'), card('three', 'tres')];
    const others = [card('four', 'cuatro', null, 2), card('five', 'cinco', null, 2), card('six', 'seis', null, 2)];
    for (let seed = 1; seed < 20; seed++) {
      const got = chooseDistractors(
        answer,
        { sameDeck: deck, otherDecks: others },
        { side: 'es', random: seeded(seed) },
      );
      expect(
        got
          .slice(0, 2)
          .map((c) => c.es)
          .sort(),
      ).toEqual(['dos', 'tres']);
      expect(got[2]!.deck_id).toBe(2);
    }
  });

  it('asks for pictures only when told, and gives fewer when there are not enough', () => {
    const answer = card('one', 'uno', 'a');
    const deck = [answer, card('two', 'dos', 'b'), card('three', 'tres'), card('four', 'cuatro', 'c')];
    const got = chooseDistractors(answer, { sameDeck: deck }, { side: 'en', pictures: true });
    expect(got.map((c) => c.en).sort()).toEqual(['four', 'two']);
  });

  it('compares texts without spacing or opening marks', () => {
    expect(canStandBeside(card('¿Qué?', 'x'), card('qué', 'y'), 'en')).toBe(false);
    expect(canStandBeside(card('que', 'x'), card('qué', 'y'), 'en')).toBe(true);
  });
});

describe('choiceRound', () => {
  it('asks every card with four different options, pictures when all have one', () => {
    const deck = ['a', 'b', 'c', 'd', 'e'].map((l) => card(l, l.toUpperCase(), `pic-${l}`));
    const round = choiceRound(deck, { sameDeck: deck }, { optionSide: 'es', preferPictures: true, random: seeded(3) });
    expect(round.map((q) => q.answer.id)).toEqual(deck.map((c) => c.id));
    for (const q of round) {
      expect(q.pictures).toBe(true);
      expect(q.options).toHaveLength(4);
      expect(q.options.filter((o) => o.id === q.answer.id)).toHaveLength(1);
      expect(new Set(q.options.map((o) => o.id)).size).toBe(4);
    }
  });

  it('falls back to words when pictures are missing, and leaves out a card without three others', () => {
    const deck = [card('a', 'A', 'x'), card('b', 'B'), card('c', 'C'), card('d', 'D')];
    const round = choiceRound(deck, { sameDeck: deck }, { optionSide: 'es', preferPictures: true });
    expect(round.every((q) => !q.pictures)).toBe(true);
    expect(
      choiceRound(deck.slice(0, 3), { sameDeck: deck.slice(0, 3) }, { optionSide: 'es', preferPictures: false }),
    ).toEqual([]);
  });
});

describe('matchBoard', () => {
  it('lays out six pairs of unlike cards as twelve shuffled tiles', () => {
    const deck = Array.from({ length: 10 }, (_, i) => card(`w${i}`, `p${i}`));
    deck.push(card('w1', 'otra')); // same text as a card above: never on the board together
    const { pairs, tiles } = matchBoard(deck, { side: 'en', pictures: false, random: seeded(7) });
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs.map((p) => p.en)).size).toBe(6);
    expect(tiles).toHaveLength(12);
    for (const p of pairs)
      expect(
        tiles
          .filter((t) => t.card.id === p.id)
          .map((t) => t.face)
          .sort(),
      ).toEqual(['en', 'es']);
  });

  it('pairs words with pictures when asked and the cards have them; a small deck gives fewer pairs', () => {
    const deck = [card('a', 'A', 'p1'), card('b', 'B', 'p2'), card('c', 'C', 'p3')];
    const { pairs, tiles } = matchBoard(deck, { side: 'es', pictures: true });
    expect(pairs).toHaveLength(3);
    expect(tiles.filter((t) => t.face === 'picture')).toHaveLength(3);
  });
});

describe('deckModes', () => {
  it('offers every mode from four cards', () => {
    const deck = [card('a', 'A'), card('b', 'B'), card('c', 'C'), card('d', 'D')];
    expect(Object.values(deckModes(deck)).every((m) => m.on)).toBe(true);
  });

  it('with fewer than four cards, offers what still works and says why the rest is off', () => {
    const three = [card('a', 'A'), card('b', 'B'), card('c', 'C')];
    expect(deckModes(three)).toEqual({
      flip: { on: true },
      spell: { on: true },
      match: { on: true },
      listen: { on: false, reason: 'needs_four_cards' },
      choice: { on: false, reason: 'needs_four_cards' },
    });
    // The student's other decks give the missing options.
    expect(deckModes(three, [card('z', 'Z', null, 2)]).choice).toEqual({ on: true });
    expect(deckModes([card('a', 'A')]).match).toEqual({ on: false, reason: 'needs_two_cards' });
    expect(deckModes([]).flip).toEqual({ on: false, reason: 'no_cards' });
  });
});
