import { Navigate, Outlet, useLocation } from 'react-router';
import { lazyNamed } from '@client/components/ui/lazy';
import { useAuth } from '@client/lib/auth';
import { isChildModePath } from '@client/features/child-mode/child-mode-paths';

// Only a device in child mode needs these: their code loads then.
const ChildHomePage = lazyNamed(() => import('./routes/child-home').then((m) => m.ChildHomePage));
export const LeaveChildMode = lazyNamed(() =>
  import('@client/features/child-mode/components/leave-child-mode').then((m) => m.LeaveChildMode),
);

/**
 * The layout's outlet. In child mode (the session is locked on the server) home is the child's
 * home and any page but the child's (typed, linked or reached with Back) goes home; the server
 * refuses those calls anyway.
 */
export function ChildModeOutlet() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user?.child_student_id) return <Outlet />;
  if (pathname === '/') return <ChildHomePage />;
  if (!isChildModePath(pathname)) return <Navigate to="/" replace />;
  return <Outlet />;
}
