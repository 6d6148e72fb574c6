import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth-provider';
import styles from './auth.module.css';

/** /auth/callback: exchanges the provider's code for a session, then home (also on failure). */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const { exchangeCodeForSessionToken } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeCodeForSessionToken(new URLSearchParams(window.location.search))
      .catch((err: unknown) => console.error(err instanceof Error ? err.message : err))
      .finally(() => navigate('/', { replace: true }));
  }, [exchangeCodeForSessionToken, navigate]);

  return (
    <main id="main" className={styles.centered}>
      <p role="status">{t('auth.callback.signingIn')}</p>
    </main>
  );
}
