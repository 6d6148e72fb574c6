import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShareCode } from '@shared/schemas/share';
import { Button, buttonClass } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { useShareLink, useStopSharing } from '../api/share-api';
import { shareErrorText } from '../share-errors';
import { CopyButton } from './copy-button';
import styles from './sharing.module.css';
import { useSharingStrings } from '../strings';

interface Props {
  deckId: number;
  title: string;
  color: string;
  backTo: string;
  /** After sharing stopped (the decks that followed it are their families' own now). */
  onStopped: () => void;
}

/** A deck's share link and short code, to copy, and "Stop sharing". */
export function SharePanel({ deckId, title, color, backTo, onStopped }: Props) {
  useSharingStrings();
  const { t } = useTranslation();
  const link = useShareLink(deckId);
  const stop = useStopSharing(deckId, onStopped);
  const [confirming, setConfirming] = useState(false);

  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  return (
    <main id="main" className={styles.page}>
      <div className={styles.band} style={{ '--deck-color': color } as CSSProperties}>
        <h1>{t('sharing.share.title', { title })}</h1>
        <p className={styles.muted}>{t('sharing.share.intro')}</p>
      </div>
      {link.isPending && <Spinner />}
      {link.error && <Alert>{shareErrorText(link.error, t('sharing.share.failed'))}</Alert>}
      {link.data && (
        <>
          <div className={styles.row}>
            <TextField label={t('sharing.share.link')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <CopyButton text={url} label={t('sharing.share.copyLink')} />
          </div>
          <section aria-labelledby="share-code-label">
            <h2 id="share-code-label">{t('sharing.share.code')}</h2>
            <p className={styles.code}>{formatShareCode(link.data.code)}</p>
            <p className={styles.muted}>{t('sharing.share.codeHelp')}</p>
          </section>
          <p>{t('sharing.share.followers', { count: link.data.followers })}</p>
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('sharing.share.stop')}
            </Button>
            <Link to={backTo} className={buttonClass()}>
              {t('sharing.share.back')}
            </Link>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('sharing.stop.title', { title })}
            message={t('sharing.stop.message', { count: link.data.followers })}
            confirmLabel={t('sharing.stop.confirm')}
            onConfirm={() => stop.mutate()}
            pending={stop.isPending}
            error={stop.error ? shareErrorText(stop.error, t('sharing.stop.failed')) : null}
          />
        </>
      )}
    </main>
  );
}
