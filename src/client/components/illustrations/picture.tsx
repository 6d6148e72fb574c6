import type { ReactNode } from 'react';
import styles from './illustrations.module.css';

/** A decorative picture: fixed size (nothing moves when it draws), hidden from screen readers. */
export function Picture({
  width,
  height,
  children,
  className,
}: {
  width: number;
  height: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <svg
      className={[styles.picture, className].filter(Boolean).join(' ')}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
      data-illustration=""
    >
      {children}
    </svg>
  );
}
