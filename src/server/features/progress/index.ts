// progress's public module: sessions, answers and their totals are written and read by others only through these.
export {
  // Stores a finished session and adds it to the student's totals (the study save, in its transaction).
  insertSession as recordSession,
  // Stores answers and adds them to the student's totals per card (the study save, in its transaction).
  insertCardResults as recordCardResults,
  // Every session and every answer of the family's students (the data export).
  sessionsOfUser,
  cardResultsOfUser,
} from './progress.repository';
