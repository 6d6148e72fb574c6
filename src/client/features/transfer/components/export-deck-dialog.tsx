import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { useNeedsConnection } from '@client/lib/online';
import { exportUrl } from '../api/transfer-api';
import { useDialogStrings } from '../strings';
import styles from './transfer.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deckId: number;
  /** As the page shows it. */
  deckTitle: string;
}

/**
 * Deck menu → Export: CSV or Anki package. Plain download links: the server names the file and the
 * browser saves it as it arrives, however large the deck's pictures make it.
 */
export function ExportDeckDialog({ open, onOpenChange, deckId, deckTitle }: Props) {
  useDialogStrings();
  const { t } = useTranslation();
  const ids = useId();
  // Offline, a download would fail in the browser: the links become disabled buttons saying why.
  const offline = useNeedsConnection();
  const formats = [
    ['csv', 'transfer.export.csv', 'transfer.export.csvHint'],
    ['apkg', 'transfer.export.apkg', 'transfer.export.apkgHint'],
  ] as const;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('transfer.export.title', { title: deckTitle })}
      description={t('transfer.export.description')}
      footer={<Button onClick={() => onOpenChange(false)}>{t('common.actions.close')}</Button>}
    >
      <ul className={styles.exportList}>
        {formats.map(([format, label, hint]) => (
          <li key={format}>
            {offline ? (
              <Button variant="primary" disabledReason={offline} aria-describedby={`${ids}-${format}`}>
                {t(label)}
              </Button>
            ) : (
              <a
                className={buttonClass({ variant: 'primary' })}
                href={exportUrl(deckId, format)}
                download
                aria-describedby={`${ids}-${format}`}
              >
                {t(label)}
              </a>
            )}
            <p id={`${ids}-${format}`} className={styles.hint}>
              {t(hint)}
            </p>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
