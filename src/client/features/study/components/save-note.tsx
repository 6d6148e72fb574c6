import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../hooks/use-study-saver';
import styles from './study.module.css';

/** Whether the result reached the server (or why it was not sent). */
export function SaveNote({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const text =
    status === 'saving'
      ? t('study.save.saving')
      : status === 'saved'
        ? t('study.save.saved')
        : status === 'pending'
          ? t('study.save.pending')
          : status === 'none'
            ? t('study.save.noStudent')
            : null;
  return (
    <p role="status" className={styles.saveNote}>
      {text}
    </p>
  );
}
