import { useId, type ReactNode, type Ref } from 'react';
import styles from './radio-cards.module.css';

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Colour chips shown next to the label (e.g. a theme's palette); decorative. */
  swatches?: readonly string[];
  /** Language of the label, when it differs from the page's (e.g. "Español" on an English page). */
  lang?: string;
}

export interface RadioCardsProps {
  legend: ReactNode;
  /** Hide the legend visually (it stays the group's accessible name). */
  legendHidden?: boolean;
  options: readonly RadioCardOption[];
  value: string;
  onChange: (value: string) => void;
  /** Ref of the first radio, for moving focus into the group. */
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * A group of native radio buttons drawn as large cards: one tab stop, arrow keys move and
 * select, the whole card is the click target.
 */
export function RadioCards({ legend, legendHidden, options, value, onChange, firstRef }: RadioCardsProps) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={legendHidden ? 'visually-hidden' : styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((o, i) => (
          <label key={o.value} className={styles.card}>
            <input
              ref={i === 0 ? firstRef : undefined}
              type="radio"
              className={styles.radio}
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span className={styles.text}>
              <span className={styles.label} lang={o.lang}>
                {o.label}
              </span>
              {o.description && <span className={styles.description}>{o.description}</span>}
            </span>
            {o.swatches && (
              <span className={styles.swatches} aria-hidden="true">
                {o.swatches.map((c, j) => (
                  <span key={`${c}-${j}`} className={styles.swatch} style={{ background: c }} />
                ))}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
