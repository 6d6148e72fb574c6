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
  // A deck that stops following a shared deck gets its own copies of the original's cards (original id → copy id).
  materialise as materialiseFollowingCards,
  type NewCard,
} from './cards.repository';
