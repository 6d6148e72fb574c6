import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { returnPath } from '@client/lib/return-path';
import { CompleteSignIn } from '@client/features/auth/components/complete-sign-in';

/** `/auth/callback`: finishes a provider sign-in, then home or the link that asked for it (also on failure, SPEC §2). */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const goHome = useCallback(() => void navigate(returnPath() ?? '/', { replace: true }), [navigate]);
  return <CompleteSignIn onDone={goHome} />;
}
