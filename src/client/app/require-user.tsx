import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@client/components/ui/feedback';
import { useAuth } from '@client/lib/auth';

interface RequireUserProps {
  /** Shown while the user check runs; a spinner unless the page has a better placeholder. */
  pending?: ReactNode;
  /** Shown to visitors; unless the page has its own screen for them, they are sent home. */
  signedOut?: ReactNode;
}

/**
 * Layout route around every page that needs a signed-in user: its child route renders only
 * once the user check has settled with a user.
 */
export function RequireUser({ pending = <Spinner />, signedOut = <Navigate to="/" replace /> }: RequireUserProps) {
  const { user, isPending } = useAuth();
  if (isPending) return pending;
  if (!user) return signedOut;
  return <Outlet />;
}
