import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import type { OutboxState } from '@client/lib/outbox';
import { onDemandStrings } from '@client/lib/on-demand-strings';
import styles from './sync-status.module.css';

export const { strings: syncStrings, useStrings } = onDemandStrings(
  'sync',
  import.meta.glob<Record<string, unknown>>('../locales/*/on-demand/sync.json', { import: 'default' }),
);

/** The sync bar's notes: answers waiting, storage trouble that puts them at risk, answers refused. */
export function SyncNotes({ state: s, onDismissDropped }: { state: OutboxState; onDismissDropped: () => void }) {
  useStrings();
  const { t } = useTranslation();
  const waiting =
    s.answers > 0
      ? t('sync.waiting', { count: s.answers })
      : s.entries > 0
        ? t('sync.sessionsWaiting', { count: s.entries })
        : null;
  const risk =
    s.unsaved > 0
      ? t('sync.unsaved', { count: s.unsaved })
      : s.entries > 0 && s.problem
        ? t(`sync.${s.problem}`)
        : null;
  return (
    <>
      {waiting && <p className={styles.note}>{waiting}</p>}
      {risk && <p className={`${styles.note} ${styles.warning}`}>{risk}</p>}
      {s.dropped > 0 && (
        <p className={`${styles.note} ${styles.warning}`}>
          {t('sync.dropped', { count: s.dropped })}
          <Button size="small" variant="ghost" onClick={onDismissDropped}>
            {t('sync.dismiss')}
          </Button>
        </p>
      )}
    </>
  );
}
