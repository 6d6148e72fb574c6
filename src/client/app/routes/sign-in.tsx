import { Navigate } from 'react-router';
import { Spinner } from '@client/components/ui/feedback';
import { useAuth } from '@client/lib/auth';
import { SignIn } from '@client/features/auth/components/sign-in';

/** `/signin`: for visitors; a signed-in user (also one who just signed in here) goes home. */
export default function SignInPage() {
  const { user, isPending } = useAuth();
  if (isPending) return <Spinner />;
  if (user) return <Navigate to="/" replace />;
  return <SignIn />;
}
