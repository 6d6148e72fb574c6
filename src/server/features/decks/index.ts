// decks's public module: what other features may use of decks (ARCHITECTURE.md).
export { toDeckJson, unlinkAllFollowingDecks, unlinkFollowingDecks } from './decks.service';
export {
  // Every deck of the family (the data export).
  ofUser as decksOfUser,
  // The family's deck with its card count and creator; undefined for anyone else's (a deck export).
  find as findDeck,
  // Adds an own deck for the family, inside the caller's transaction (an Anki import); returns its id.
  insert as insertDeck,
  // The family's deck that follows the shared deck, if it added it already.
  followerOf as followingDeckOf,
  // How many decks follow a shared deck.
  countFollowers as countFollowingDecks,
} from './decks.repository';
