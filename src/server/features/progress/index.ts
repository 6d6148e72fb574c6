// progress's public module: sessions, answers and their totals are written and read by others only through these.
export {
  // Stores a finished session and adds it to the student's totals (the study save, in its transaction).
  insertSession as recordSession,
  // The statements that store answers and add them to the student's totals per card (the study save runs them in its transaction).
  cardResultWrites,
  // Every session and every answer of the family's students (the data export).
  sessionsOfUser,
  cardResultsOfUser,
} from './progress.repository';
