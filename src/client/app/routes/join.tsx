import { useEffect } from 'react';
import { useParams } from 'react-router';
import { forgetReturnPath } from '@client/lib/return-path';
import { JoinFamily } from '@client/features/family/components/join-family';

/** `/join/{code}`: a family invite (family feature), reached from its link, after signing in if need be. */
export default function JoinPage() {
  const code = useParams().code ?? '';
  // Arrived: the way back after signing in is used up.
  useEffect(forgetReturnPath, []);
  return <JoinFamily code={code} onJoined={() => {}} />;
}
