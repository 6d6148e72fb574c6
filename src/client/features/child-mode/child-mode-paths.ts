import { matchPath } from 'react-router';

/** The pages a child may see in child mode: home, today's review, study, the games and progress. */
const CHILD_PAGES = ['/', '/study/review', '/study/:id', '/play/:source', '/progress'];

/** Whether `pathname` is one of the child's pages; every other page sends a locked device home. */
export const isChildModePath = (pathname: string) => CHILD_PAGES.some((p) => matchPath(p, pathname));
