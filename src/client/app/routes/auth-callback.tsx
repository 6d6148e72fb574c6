import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CompleteSignIn } from '@client/features/auth/components/complete-sign-in';

/** `/auth/callback`: finishes a provider sign-in, then home (also on failure, SPEC §2). */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  return <CompleteSignIn onDone={goHome} />;
}
