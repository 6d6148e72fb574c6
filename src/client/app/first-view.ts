import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { parseRouteId } from '@client/lib/route-id';
import { readFlag } from '@client/lib/storage';
import { meQuery } from '../features/auth/api/auth-api';
import { deckListQuery, deckQuery } from '../features/decks/api/get-decks';
import { progressQuery } from '../features/progress/api/progress-api';
import { savedStudentId, studentsQuery } from '../features/students/current-student';
import { studyDeckQuery } from '../features/study/api/get-study-deck';

/**
 * Starts the reads of the first screen together, before React renders. Left to the components
 * they would run one after another (user, then students, then the page's data), a round trip
 * each on a phone. Beyond the user check, only on a device that was signed in at its last visit,
 * and with the student made current there; the components use the same queries, so what arrives
 * is used and nothing is read twice.
 */
export function prefetchFirstView(qc: QueryClient, pathname: string): void {
  void qc.prefetchQuery(meQuery);
  if (!readFlag('signedIn')) return;
  void qc.prefetchQuery(studentsQuery);

  const studentId = savedStudentId();
  const deckId = parseRouteId(matchPath('/deck/:id', pathname)?.params.id);
  const studyId = parseRouteId(matchPath('/study/:id', pathname)?.params.id);
  if (deckId) void qc.prefetchQuery(deckQuery(deckId));
  else if (studyId) void qc.prefetchQuery(studyDeckQuery(studyId));
  else if (studentId && pathname === '/') void qc.prefetchQuery(deckListQuery(studentId));
  else if (studentId && pathname === '/progress') void qc.prefetchQuery(progressQuery(studentId));
}
