import { describe, expect, it } from 'vitest';
import { PLAY_OTHER_CARDS_ENOUGH, PLAY_OTHER_DECKS_MAX } from './constants';
import {
  canStandBeside,
  chooseDistractors,
  choiceRound,
  deckModes,
  matchBoard,
  needsOtherDecks,
  otherDecksToRead,
  poolsByDeck,
  type PlayCard,
} from './play-rounds';

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

describe("the student's other decks as a fallback for options", () => {
  it('are needed when the deck has fewer than four different texts, or too few different pictures', () => {
    const words = (n: number, deck = 1) => Array.from({ length: n }, (_, i) => card(`w${i}`, `p${i}`, null, deck));
    expect(needsOtherDecks(words(3), 'es')).toBe(true);
    expect(needsOtherDecks(words(4), 'es')).toBe(false);
    // Five cards but only three different Spanish words: the option side counts.
    expect(needsOtherDecks([...words(3), card('x', 'p0'), card('y', '¿p1?')], 'es')).toBe(true);
    expect(needsOtherDecks([...words(3), card('x', 'p0'), card('y', '¿p1?')], 'en')).toBe(false);
    // Pictures on some cards but fewer than four different ones: other decks may give picture options.
    const pictured = [card('a', 'A', 'k1'), card('b', 'B', 'k2'), card('c', 'C', 'k1'), card('d', 'D'), card('e', 'E')];
    expect(needsOtherDecks(pictured, 'en')).toBe(true);
    expect(needsOtherDecks([...pictured, card('f', 'F', 'k3'), card('g', 'G', 'k4')], 'en')).toBe(false);
    expect(needsOtherDecks([], 'en')).toBe(true);
  });

  it("are read in the list's order, not the deck itself nor empty ones, archived last, within limits", () => {
    const deck = (id: number, card_count: number, is_archived = false) => ({ id, card_count, is_archived });
    expect(otherDecksToRead([deck(1, 3), deck(2, 0), deck(3, 5, true), deck(4, 2)], new Set([1]))).toEqual([4, 3]);
    const many = Array.from({ length: 10 }, (_, i) => deck(i + 1, 2));
    expect(otherDecksToRead(many, new Set())).toHaveLength(PLAY_OTHER_DECKS_MAX);
    // A big deck is enough on its own.
    expect(otherDecksToRead([deck(7, PLAY_OTHER_CARDS_ENOUGH), deck(8, 4)], new Set())).toEqual([7]);
    expect(otherDecksToRead([], new Set())).toEqual([]);
  });

  it("give a three-card deck its missing options, never the answer's text or picture", () => {
    const deck = [
      card('dog', 'perro', 'dog.webp'),
      card('cat', 'gato', 'cat.webp'),
      card('bird', 'pájaro', 'bird.webp'),
    ];
    const others = [
      card('Dog', 'perro', 'other-dog.webp', 2), // the same word as an answer: never beside it
      card('puppy', 'cachorro', 'dog.webp', 2), // the same picture as an answer (one upload, one key)
      card('fish', 'pez', 'fish.webp', 2),
      card('cow', 'vaca', 'cow.webp', 3),
      { ...deck[0]! }, // the deck's own card, as the student's deck list reads it again
    ];
    // The deck alone offers no choice game; with the other decks it does.
    expect(deckModes(deck, [], 'es').listen).toEqual({ on: false, reason: 'needs_four_cards' });
    expect(deckModes(deck, others, 'es').listen).toEqual({ on: true });
    expect(needsOtherDecks(deck, 'es')).toBe(true);

    for (let seed = 1; seed < 40; seed++) {
      const round = choiceRound(deck, poolsByDeck(deck, others), {
        optionSide: 'es',
        preferPictures: true,
        random: seeded(seed),
      });
      expect(round).toHaveLength(3);
      for (const q of round) {
        const wrong = q.options.filter((o) => o.id !== q.answer.id);
        expect(wrong).toHaveLength(3);
        expect(wrong.map((o) => o.es)).not.toContain(q.answer.es);
        expect(wrong.map((o) => o.front_image_key)).not.toContain(q.answer.front_image_key);
        // The deck's own cards come first: both other cards of the deck are always among the options.
        expect(wrong.filter((o) => o.deck_id === 1)).toHaveLength(2);
        expect(new Set(wrong.map((o) => o.es)).size).toBe(3);
      }
    }
  });

  it("in today's review, put the cards of the answer's deck first wherever they were read", () => {
    const queue = [card('one', 'uno', null, 1), card('two', 'dos', null, 2)];
    const decks = [card('three', 'tres', null, 1), card('four', 'cuatro', null, 3), queue[0]!];
    const pools = poolsByDeck(queue, decks)(queue[0]!);
    expect(pools.sameDeck.map((c) => c.es)).toEqual(['uno', 'tres']);
    expect(pools.otherDecks!.map((c) => c.es).sort()).toEqual(['cuatro', 'dos']);
  });
});
