import { Navigate } from 'react-router';
import { Spinner } from '@client/components/ui/feedback';
import { useAuth } from '@client/lib/auth';
import { returnPath } from '@client/lib/return-path';
import { SignIn } from '@client/features/auth/components/sign-in';

/**
 * `/signin`: for visitors; a signed-in user (also one who just signed in here) goes home, or back
 * to the link that asked them to sign in.
 */
export default function SignInPage() {
  const { user, isPending } = useAuth();
  if (isPending) return <Spinner />;
  if (user) return <Navigate to={returnPath() ?? '/'} replace />;
  return <SignIn />;
}
