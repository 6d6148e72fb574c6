import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@client/lib/auth';
import { exchangeCode } from '../api/auth-api';
import styles from './auth.module.css';

/**
 * The provider's way back: exchanges its code for a session and reloads the user (SPEC §4), then
 * calls `onDone`, also on failure (which is only logged, SPEC §8).
 */
export function CompleteSignIn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { fetchUser } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeCode(new URLSearchParams(window.location.search))
      .then(fetchUser)
      .catch((err: unknown) => console.error(err instanceof Error ? err.message : err))
      .finally(onDone);
  }, [fetchUser, onDone]);

  return (
    <main id="main" className={styles.centered}>
      <p role="status">{t('auth.callback.signingIn')}</p>
    </main>
  );
}
