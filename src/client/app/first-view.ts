import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { forgetEarlyReads } from '@client/lib/api-client';
import { meQuery } from '@client/lib/auth';
import { savedStudentId, studentsQuery } from '@client/lib/current-student';
import { parseRouteId } from '@client/lib/route-id';
import { readFlag } from '@client/lib/storage';
import { preloadFirstPictures } from '@client/features/cards/pictures';
import { deckListQuery, deckQuery } from '@client/features/decks/api/get-decks';
import { progressQuery } from '@client/features/progress/api/progress-api';
import { reviewQueueQuery } from '@client/features/review/api/review-api';
import { preloadPage } from './router';

/**
 * Starts what the first screen needs together, before React renders: the page's code, the
 * current user, the students and the page's data. Left to the components they would run one
 * after another (code, user, students, data), a round trip each on a phone. Beyond the user
 * check, reads only on a device that was signed in at its last visit, with the student made
 * current there; the components use the same queries, so nothing is read twice. Settles when
 * all of it has arrived (or failed: the screens show their own errors). The reads themselves were
 * sent earlier still by index.html's early script (lib/early-reads.ts, which lists the same paths):
 * these queries take its answers, and whatever they did not take is then forgotten.
 */
export function prefetchFirstView(qc: QueryClient, pathname: string): Promise<unknown> {
  const started: Promise<unknown>[] = [preloadPage(pathname).catch(() => undefined), qc.prefetchQuery(meQuery)];
  if (readFlag('signedIn')) {
    started.push(qc.prefetchQuery(studentsQuery));
    const studentId = savedStudentId();
    const deckId = parseRouteId(matchPath('/deck/:id', pathname)?.params.id);
    const studyId = parseRouteId(matchPath('/study/:id', pathname)?.params.id);
    if (deckId) {
      // The first pictures are the deck page's largest content: fetch them once the deck is known.
      const deck = qc.fetchQuery(deckQuery(deckId)).then((d) => preloadFirstPictures(d.cards));
      started.push(deck.catch(() => undefined));
    } else if (studyId) started.push(qc.prefetchQuery(deckQuery(studyId)));
    else if (studentId && pathname === '/') {
      started.push(qc.prefetchQuery(deckListQuery(studentId)), qc.prefetchQuery(reviewQueueQuery(studentId)));
    } else if (studentId && pathname === '/study/review') {
      started.push(qc.prefetchQuery(reviewQueueQuery(studentId)), qc.prefetchQuery(deckListQuery(studentId)));
    } else if (studentId && pathname === '/progress') {
      started.push(qc.prefetchQuery(progressQuery(studentId)), qc.prefetchQuery(deckListQuery(studentId)));
    }
  }
  return Promise.all(started).finally(forgetEarlyReads);
}
