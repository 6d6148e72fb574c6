import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { isNotFound } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { useInvitePreview, useJoinFamily } from '../api/family-api';
import { useFamilyStrings } from '../strings';
import styles from './family.module.css';

/**
 * The join page's content: whose family the invite leads to, exactly what joining does to the
 * person's current data, and the button that joins. `onJoined` runs once the app reads the new family.
 */
export function JoinFamily({ code, onJoined }: { code: string; onJoined: () => void }) {
  useFamilyStrings();
  const { t } = useTranslation();
  const preview = useInvitePreview(code);
  const join = useJoinFamily();

  const body = () => {
    if (preview.isPending) return <p role="status">{t('family.join.loading')}</p>;
    if (preview.isError)
      return (
        <>
          <Alert>
            {isNotFound(preview.error)
              ? t('family.join.notFound')
              : errorText(preview.error, t('family.settings.failed'))}
          </Alert>
          <HomeLink />
        </>
      );
    const { holder_name: name, member_count: count, already_member: already, your_data: yourData } = preview.data;
    if (join.isSuccess)
      return (
        <>
          <p role="status">{t('family.join.joined', { name })}</p>
          <HomeLink />
        </>
      );
    return (
      <>
        <h2 className={styles.heading}>{t('family.join.heading', { name })}</h2>
        <p>{t('family.join.members', { count })}</p>
        {already ? (
          <>
            <p>{t('family.join.already')}</p>
            <HomeLink />
          </>
        ) : (
          <>
            <p>{yourData === 'moves' ? t('family.join.moves', { name }) : t('family.join.stays')}</p>
            {join.isError && (
              <Alert>
                {isNotFound(join.error)
                  ? t('family.join.notFound')
                  : errorText(join.error, t('family.settings.failed'))}
              </Alert>
            )}
            <div className={styles.actions}>
              <Button
                variant="primary"
                disabled={join.isPending}
                onClick={() => join.mutate(code, { onSuccess: onJoined })}
              >
                {join.isPending ? t('family.join.joining') : t('family.join.confirm')}
              </Button>
            </div>
          </>
        )}
      </>
    );
  };

  return (
    <main id="main" className={styles.page}>
      <h1>{t('family.join.title')}</h1>
      {body()}
    </main>
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to="/" className={buttonClass()}>
        {t('family.join.home')}
      </Link>
    </p>
  );
}
