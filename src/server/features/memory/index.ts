// memory's public module: what other features may use of spaced repetition (ARCHITECTURE.md).
export { memoryOf, recordReviews, requireTimeZone, reviewsToRecord, reviewTimes } from './memory.service';
export { memoryStatistics, memoryStatisticsOfDay } from './memory-statistics.service';
export { deckReviewCounts, studentDay } from './review-queue.service';
export { memoryFiguresOfFamily } from './class-memory.service';
// Used inside the caller's transaction.
export {
  // Forgets all the student reviewed (nuke progress).
  deleteStudentMemory as forgetStudentMemory,
  // Forgets what the student reviewed in one deck (remove deck progress).
  deleteDeckMemory as forgetDeckMemory,
  // Takes a card's (and its copies') answers out of the activity counts before the card is deleted.
  forgetCardActivity as forgetCardAnswers,
  // A deck stops following a shared deck: its students' memory and answers move onto the deck's own copies.
  moveMemoryToCopies,
  // The review log and the memory states of the family's students (the data export).
  reviewLogsOfUser as reviewLogsForExport,
  memoryStatesOfUser as memoryStatesForExport,
} from './memory.repository';
