import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

interface EmptyStateProps {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  /** A friendly, decorative picture above the title (components/illustrations). */
  picture?: ReactNode;
}

export function EmptyState({ title, body, action, picture }: EmptyStateProps) {
  return (
    <section className={styles.empty}>
      {picture}
      <h2>{title}</h2>
      {body && <p>{body}</p>}
      {action}
    </section>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.spinnerWrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.alert}>
      {children}
    </p>
  );
}

/** A picture, or the first letter of the name on a coloured disc. */
export function Avatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  if (src)
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        referrerPolicy="no-referrer"
      />
    );
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
