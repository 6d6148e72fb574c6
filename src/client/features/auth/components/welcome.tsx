import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@client/components/ui/button';
import styles from './auth.module.css';

/** What a visitor sees: a welcome and the way to sign in. */
export function Welcome() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.welcome}>
      <h1>{t('auth.welcome.title')}</h1>
      <p>{t('auth.welcome.body')}</p>
      <p>{t('auth.welcome.signInPrompt')}</p>
      <div className={styles.welcomeActions}>
        <Link to="/signin" className={buttonClass({ variant: 'primary' })}>
          {t('auth.welcome.signIn')}
        </Link>
        <Link to="/signin?mode=create" className={buttonClass({ variant: 'secondary' })}>
          {t('auth.welcome.createAccount')}
        </Link>
      </div>
    </main>
  );
}

/** Shown on pages that need an account, to visitors. */
export function SignInRequired() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.welcome}>
      <h1>{t('auth.required.title')}</h1>
      <p>{t('auth.required.body')}</p>
      <div className={styles.welcomeActions}>
        <Link to="/signin" className={buttonClass({ variant: 'primary' })}>
          {t('auth.welcome.signIn')}
        </Link>
      </div>
    </main>
  );
}
