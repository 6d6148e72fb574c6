import { BugBoard } from '@client/features/bugs/components/bug-board';

/** `/bugs`: the bug board (visitors get the sign-in-required screen from the router's guard). */
export default function BugsPage() {
  return <BugBoard />;
}
