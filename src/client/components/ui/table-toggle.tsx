import { useState, type ReactNode } from 'react';
import styles from './chart.module.css';

/**
 * A chart's numbers as a table behind "Show as a table" (a `<details>`). The table is built only
 * once opened: closed, its rows (up to 84 days of the activity calendar) are no use to anyone, and
 * building them made the progress screen's first render and layout longer on a phone.
 */
export function TableToggle({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.tableToggle} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
