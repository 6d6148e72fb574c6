import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ApiRequestError } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { errorText } from '@client/lib/errors';
import { exchangeCode } from '../api/auth-api';
import styles from './auth.module.css';

/** How long a failed sign-in's message stays before the page goes home by itself. */
const FAILURE_SHOWN_MS = 4000;

/**
 * The provider's way back: sends every parameter the provider returned to the server, which
 * exchanges the code for a session; then reloads the user and calls `onDone` (SPEC §4). A refusal
 * (the provider's or the server's) is shown, translated, before going home; a callback without a
 * code goes home at once (SPEC §2).
 */
export function CompleteSignIn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { fetchUser } = useAuth();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    exchangeCode(new URLSearchParams(window.location.search))
      .then(fetchUser)
      .then(onDone)
      .catch((err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        if (!(err instanceof ApiRequestError)) return onDone();
        setFailure(
          err.code === 'provider_refused'
            ? t('auth.callback.provider_refused')
            : err.code === 'invalid_input' || err.code === 'invalid_state' || err.code === 'exchange_failed'
              ? t('auth.callback.failed')
              : errorText(err, t('auth.callback.failed')),
        );
      });
  }, [fetchUser, onDone, t]);

  useEffect(() => {
    if (failure === null) return;
    const timer = setTimeout(onDone, FAILURE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [failure, onDone]);

  return (
    <main id="main" className={styles.centered}>
      {failure === null ? (
        <p role="status">{t('auth.callback.signingIn')}</p>
      ) : (
        <>
          <p role="alert">{failure}</p>
          <p>{t('auth.callback.goingHome')}</p>
          <Button variant="primary" onClick={onDone}>
            {t('auth.callback.goHome')}
          </Button>
        </>
      )}
    </main>
  );
}
