import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@client/components/ui/button';
import { rememberReturnPath } from '@client/lib/return-path';

/** A shared deck's link opened by a visitor: sign in (or sign up), then back to the link. */
export function SignInToContinue() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main id="main">
      <h1>{t('sharing.signIn.title')}</h1>
      <p>{t('sharing.signIn.body')}</p>
      <Link to="/signin" className={buttonClass({ variant: 'primary' })} onClick={() => rememberReturnPath(pathname)}>
        {t('sharing.signIn.action')}
      </Link>
    </main>
  );
}
