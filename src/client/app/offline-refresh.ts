import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE_DECKS_MAX, OFFLINE_RECENT_DAYS } from '@shared/constants';
import type { DeckWithCards } from '@shared/schemas/deck';
import { audioUrl } from '@client/lib/audio-url';
import { imageUrl } from '@client/lib/image-url';
import { keepMedia } from '@client/lib/media-cache';
import { dropKept, keepValue, keptAsOf, keptKeyList, keptKeys, readKept } from '@client/lib/offline-store';
import { deckListQuery, deckQuery } from '@client/features/decks/api/get-decks';
import { decksToKeep } from '@client/features/decks/api/offline-decks';
import { progressQuery } from '@client/features/progress/api/progress-api';
import { fetchMemoryStates } from '@client/features/review/api/memory-states';

const DAY_MS = 86_400_000;

/** Every picture and recording of the decks' cards. */
export function mediaUrls(decks: DeckWithCards[]): string[] {
  return decks.flatMap((deck) =>
    deck.cards.flatMap((card) => [
      ...[card.front_image_key, card.back_image_key].flatMap((k) => (k ? [imageUrl(k)] : [])),
      ...[card.en_audio_key, card.es_audio_key].flatMap((k) => (k ? [audioUrl(k)] : [])),
    ]),
  );
}

/** Forgets the decks no student on this device keeps any more. */
async function pruneDecks(): Promise<void> {
  const keys = await keptKeyList();
  const lists = await Promise.all(keys.filter((k) => k.startsWith('offline-decks:')).map((k) => readKept<number[]>(k)));
  const wanted = new Set(lists.flatMap((kept) => kept?.value ?? []).map((id) => keptKeys.deck(id)));
  await dropKept(keys.filter((k) => k.startsWith('deck:') && !wanted.has(k)));
}

/**
 * Saves on the device what the student needs offline: the decks studied in the last
 * OFFLINE_RECENT_DAYS days and those marked "Keep on this device" (at most OFFLINE_DECKS_MAX), with
 * their cards, pictures and recordings, and the student's memory states (for the review queue).
 * The deck list and progress are kept as they are read. Does nothing when the server is not reached.
 */
export async function refreshOfflineData(qc: QueryClient, studentId: number): Promise<void> {
  const [list, progress] = await Promise.all([
    qc.fetchQuery(deckListQuery(studentId)),
    qc.fetchQuery({ ...progressQuery(studentId), staleTime: 60_000 }),
  ]);
  if (keptAsOf(keptKeys.deckList(studentId)) || keptAsOf(keptKeys.progress(studentId))) return;
  const since = Date.now() - OFFLINE_RECENT_DAYS * DAY_MS;
  const recent = new Set(
    progress.deck_statistics
      .filter((d) => d.last_studied !== null && Date.parse(d.last_studied) >= since)
      .map((d) => d.deck_id),
  );
  const ids = decksToKeep(list, recent, OFFLINE_DECKS_MAX);
  const decks: DeckWithCards[] = [];
  // One at a time: a background task that must not crowd out what the user is doing.
  for (const id of ids) {
    const deck = await qc.fetchQuery(deckQuery(id)).catch(() => null);
    if (!deck) continue;
    // A copy read from the device (the connection dropped meanwhile) stays as it was kept.
    if (!keptAsOf(keptKeys.deck(id))) await keepValue(keptKeys.deck(id), deck);
    decks.push(deck);
  }
  await keepValue(keptKeys.memory(studentId), await fetchMemoryStates(studentId));
  await keepValue(
    keptKeys.offlineDecks(studentId),
    ids.filter((id) => decks.some((d) => d.id === id)),
  );
  await pruneDecks();
  await keepMedia(mediaUrls(decks));
}
