import { MATCH_PAIRS, PLAY_CHOICES, PLAY_OTHER_CARDS_ENOUGH, PLAY_OTHER_DECKS_MAX, type AnswerMode } from './constants';
import { spellingForm } from './spelling';

/**
 * Building the rounds of the play modes (issue 25), the same in every client: which cards a round
 * asks, the three other options beside each answer (distractors), the match board, and which modes
 * a deck can offer. Pure and fast: a round over a 500-card deck is built in well under 5 ms (bench).
 */

/** What a round needs of a card. */
export interface PlayCard {
  id: number;
  deck_id: number;
  en: string;
  es: string;
  front_image_key: string | null;
  back_image_key: string | null;
}

export type PlaySide = 'en' | 'es';
export type Random = () => number;

/** The card's picture (the front's, else the back's), or null. */
export const pictureOf = (card: PlayCard) => card.front_image_key ?? card.back_image_key;
/** The text of one side as options are compared (case, accents kept; spacing and ¿ ¡ ignored). */
const textKey = (card: PlayCard, side: PlaySide) => spellingForm(card[side]);

/**
 * Whether `other` may stand beside `answer` as a wrong option: never the same text on the side
 * shown as options, nor the same picture (a child could not tell which is right).
 */
export function canStandBeside(answer: PlayCard, other: PlayCard, side: PlaySide): boolean {
  if (other.id === answer.id || textKey(other, side) === textKey(answer, side)) return false;
  const picture = pictureOf(answer);
  return picture === null || pictureOf(other) !== picture;
}

/**
 * Up to `count` distractors for `answer`, drawn at random from `sameDeck` first, then from
 * `otherDecks` (the student's other decks), each distinct from the answer and from each other in
 * text and picture. With `pictures`, only cards with a picture qualify. Sampling stops as soon as
 * enough are found, so a big deck costs little.
 */
export function chooseDistractors<C extends PlayCard>(
  answer: C,
  pools: Pools<C>,
  options: { side: PlaySide; pictures?: boolean; count?: number; random?: Random },
): C[] {
  const { side, pictures = false, count = PLAY_CHOICES - 1, random = Math.random } = options;
  const chosen: C[] = [];
  const fits = (c: C) =>
    (!pictures || pictureOf(c) !== null) &&
    canStandBeside(answer, c, side) &&
    chosen.every((d) => canStandBeside(d, c, side));
  for (const pool of [pools.sameDeck, pools.otherDecks ?? []]) {
    // Partial Fisher–Yates over the indices: each card is looked at once, in random order.
    const order = Array.from(pool.keys());
    for (let n = order.length; n > 0 && chosen.length < count; n--) {
      const k = Math.floor(random() * n);
      const card = pool[order[k]!]!;
      order[k] = order[n - 1]!;
      if (fits(card)) chosen.push(card);
    }
    if (chosen.length === count) break;
  }
  return chosen;
}

/** Where distractors come from: the answer's deck first, then the student's other decks. */
export interface Pools<C extends PlayCard = PlayCard> {
  sameDeck: readonly C[];
  otherDecks?: readonly C[];
}

/**
 * Pools for each answer of a round over `cards` (a deck's, or today's review across decks) and
 * `otherCards` (the student's other decks, possibly overlapping `cards`): the answer's deck first,
 * then every other known card. A card known twice counts once.
 */
export function poolsByDeck<C extends PlayCard>(cards: readonly C[], otherCards: readonly C[] = []) {
  const seen = new Set<number>();
  const byDeck = new Map<number, C[]>();
  for (const c of [...cards, ...otherCards]) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const list = byDeck.get(c.deck_id);
    if (list) list.push(c);
    else byDeck.set(c.deck_id, [c]);
  }
  const pools = new Map<number, Pools<C>>();
  return (answer: C): Pools<C> => {
    let p = pools.get(answer.deck_id);
    if (!p) {
      const others = [...byDeck].flatMap(([deck, list]) => (deck === answer.deck_id ? [] : list));
      p = { sameDeck: byDeck.get(answer.deck_id) ?? [], otherDecks: others };
      pools.set(answer.deck_id, p);
    }
    return p;
  };
}

/**
 * Whether a round over `cards` needs the student's other decks for its options: fewer than four
 * different texts on the side shown as options, or pictures on some cards but fewer than four
 * different pictures (a pre-reader's listen and pick would fall back to words).
 */
export function needsOtherDecks(cards: readonly PlayCard[], optionSide: PlaySide): boolean {
  const texts = new Set<string>();
  const pictures = new Set<string>();
  for (const c of cards) {
    texts.add(textKey(c, optionSide));
    const picture = pictureOf(c);
    if (picture !== null) pictures.add(picture);
    if (texts.size >= PLAY_CHOICES && pictures.size >= PLAY_CHOICES) return false;
  }
  return texts.size < PLAY_CHOICES || (pictures.size > 0 && pictures.size < PLAY_CHOICES);
}

/**
 * Which of the student's decks (`list`, in the deck list's order) to read for options: not those
 * in `exclude`, none without cards, decks in use before archived ones, until PLAY_OTHER_CARDS_ENOUGH
 * cards or PLAY_OTHER_DECKS_MAX decks.
 */
export function otherDecksToRead(
  list: readonly { id: number; card_count: number; is_archived: boolean }[],
  exclude: ReadonlySet<number>,
): number[] {
  const candidates = list.filter((d) => d.card_count > 0 && !exclude.has(d.id));
  const ids: number[] = [];
  let cards = 0;
  for (const d of [...candidates.filter((d) => !d.is_archived), ...candidates.filter((d) => d.is_archived)]) {
    if (ids.length === PLAY_OTHER_DECKS_MAX || cards >= PLAY_OTHER_CARDS_ENOUGH) break;
    ids.push(d.id);
    cards += d.card_count;
  }
  return ids;
}

/** One question of listen and pick or choice: the answer among `options` (shuffled), shown as pictures or words. */
export interface ChoiceQuestion<C extends PlayCard = PlayCard> {
  answer: C;
  options: C[];
  /** Options shown as pictures (every option has one), else as words of `optionSide`. */
  pictures: boolean;
}

export function shuffled<T>(items: readonly T[], random: Random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The questions of a listen-and-pick or choice round, one per card of `cards` (in that order). Options
 * are pictures when the answer and three distractors have pictures and `preferPictures` is set,
 * else words of `optionSide`; a card that cannot get three distractors is left out. `poolsOf` may
 * give each answer its own pools (a review across decks: the answer's deck, then the others).
 */
export function choiceRound<C extends PlayCard>(
  cards: readonly C[],
  poolsOf: Pools<C> | ((answer: C) => Pools<C>),
  options: { optionSide: PlaySide; preferPictures: boolean; random?: Random },
): ChoiceQuestion<C>[] {
  const { optionSide, preferPictures, random = Math.random } = options;
  const questions: ChoiceQuestion<C>[] = [];
  const need = PLAY_CHOICES - 1;
  for (const answer of cards) {
    const pools = typeof poolsOf === 'function' ? poolsOf(answer) : poolsOf;
    let pictures = false;
    let distractors: C[] = [];
    if (preferPictures && pictureOf(answer) !== null) {
      distractors = chooseDistractors(answer, pools, { side: optionSide, pictures: true, random });
      pictures = distractors.length === need;
    }
    if (!pictures) distractors = chooseDistractors(answer, pools, { side: optionSide, random });
    if (distractors.length < need) continue;
    questions.push({ answer, options: shuffled([answer, ...distractors], random), pictures });
  }
  return questions;
}

/** One tile of the match board: a card's side (`side` word, or its picture). */
export interface MatchTile<C extends PlayCard = PlayCard> {
  key: string;
  card: C;
  face: 'picture' | PlaySide;
}

/**
 * A match board: up to MATCH_PAIRS cards whose texts and pictures all differ (so each tile has
 * exactly one partner), each as two tiles, shuffled. The left side's word pairs with the other
 * side's word, or with the card's picture when `pictures` and every chosen card has one.
 */
export function matchBoard<C extends PlayCard>(
  cards: readonly C[],
  options: { side: PlaySide; pictures: boolean; random?: Random },
): { pairs: C[]; tiles: MatchTile<C>[] } {
  const { side, random = Math.random } = options;
  const other: PlaySide = side === 'en' ? 'es' : 'en';
  const withPicture = cards.filter((c) => pictureOf(c) !== null);
  const usePictures = options.pictures && withPicture.length >= 2;
  const pairs: C[] = [];
  for (const card of shuffled(usePictures ? withPicture : cards, random)) {
    if (pairs.length === MATCH_PAIRS) break;
    if (pairs.every((p) => canStandBeside(p, card, side) && canStandBeside(p, card, other))) pairs.push(card);
  }
  const tiles = pairs.flatMap((card): MatchTile<C>[] => [
    { key: `${card.id}:${side}`, card, face: side },
    { key: `${card.id}:${usePictures ? 'picture' : other}`, card, face: usePictures ? 'picture' : other },
  ]);
  return { pairs, tiles: shuffled(tiles, random) };
}

/** Why a mode is off for a deck: too few different cards for four options, or for two pairs. */
export type ModeOffReason = 'needs_four_cards' | 'needs_two_cards' | 'no_cards';

/**
 * The modes a deck offers: flip and spell with any card; listen and choice when the deck with the
 * student's other decks (`otherDecks`, as far as they could be read) has four cards of different
 * texts; match when the deck itself has two (its pairs are the answers).
 */
export function deckModes(
  deck: readonly PlayCard[],
  otherDecks: readonly PlayCard[] = [],
  side: PlaySide = 'en',
): Record<AnswerMode, { on: true } | { on: false; reason: ModeOffReason }> {
  if (deck.length === 0) {
    const off = { on: false, reason: 'no_cards' } as const;
    return { flip: off, listen: off, choice: off, match: off, spell: off };
  }
  const distinct = (cards: readonly PlayCard[], max: number) => {
    const seen = new Set<string>();
    for (const c of cards) {
      seen.add(textKey(c, side));
      if (seen.size >= max) break;
    }
    return seen.size;
  };
  const four = distinct([...deck, ...otherDecks], PLAY_CHOICES) >= PLAY_CHOICES;
  const two = distinct(deck, 2) >= 2;
  const choice = four ? ({ on: true } as const) : ({ on: false, reason: 'needs_four_cards' } as const);
  return {
    flip: { on: true },
    spell: { on: true },
    listen: choice,
    choice,
    match: two ? { on: true } : { on: false, reason: 'needs_two_cards' },
  };
}
