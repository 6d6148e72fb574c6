// cards's public module: what other features may use of cards (ARCHITECTURE.md), inside their own transaction.
export {
  // The deck's cards in the order they were added.
  ofDeck as cardsOfDeck,
  // Adds cards to a deck (a catalogue or Anki import).
  insertMany as addCards,
  // Copies every card of one deck into another (a duplicated deck).
  copy as copyCards,
  // The recording and picture keys of the family's cards in one deck or in every deck of one student (before deleting them).
  audioKeys as cardAudioKeys,
  pictureKeys as cardPictureKeys,
  // Every card of the family, with when it was added (the data export).
  ofUser as cardsOfUser,
  // Copies every card of a shared deck into a deck that follows it.
  copyFollowing as copyFollowingCards,
  // Adds to the decks following a shared deck the cards they do not have yet (after cards were added to it).
  followNewCards,
  // The cards of the decks following a shared deck stop following (stop sharing).
  unlinkFollowing as unlinkFollowingCards,
  type NewCard,
} from './cards.repository';
