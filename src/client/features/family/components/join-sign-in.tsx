import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@client/components/ui/button';
import { rememberReturnPath } from '@client/lib/return-path';
import { useFamilyStrings } from '../strings';
import styles from './family.module.css';

/** A family invite opened by a visitor: sign in or create an account (any provider), then back to the invite. */
export function JoinSignIn() {
  useFamilyStrings();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main id="main" className={styles.page}>
      <h1>{t('family.join.signInTitle')}</h1>
      <p>{t('family.join.signInBody')}</p>
      <p>
        <Link to="/signin" className={buttonClass({ variant: 'primary' })} onClick={() => rememberReturnPath(pathname)}>
          {t('family.join.signIn')}
        </Link>
      </p>
    </main>
  );
}
