import { useId, type ButtonHTMLAttributes, type Ref } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
  /** Square button holding only an icon; give it an aria-label. */
  icon?: boolean;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Why the button cannot be used now (e.g. "Needs an internet connection"): when given, the button
   * is disabled and the reason is shown next to it as text, and is its accessible description, so
   * that touch, keyboard and screen reader users learn it too (a tooltip reaches none of them).
   */
  disabledReason?: string | null;
}

export function buttonClass({
  variant = 'secondary',
  size = 'normal',
  icon = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'icon'> = {}) {
  return [styles.button, styles[variant], size === 'small' && styles.small, icon && styles.iconButton]
    .filter(Boolean)
    .join(' ');
}

export function Button({ variant, size, icon, className, type = 'button', disabledReason, ...rest }: ButtonProps) {
  const reasonId = useId();
  const button = (
    <button
      type={type}
      className={[buttonClass({ variant, size, icon }), className].filter(Boolean).join(' ')}
      {...rest}
      {...(disabledReason
        ? {
            disabled: true,
            'aria-describedby': [rest['aria-describedby'], reasonId].filter(Boolean).join(' '),
          }
        : {})}
    />
  );
  if (!disabledReason) return button;
  return (
    <span className={styles.withReason}>
      {button}
      <DisabledReason id={reasonId}>{disabledReason}</DisabledReason>
    </span>
  );
}

/** The visible text saying why a control is disabled; give the control `aria-describedby={id}`. */
export function DisabledReason({ id, children }: { id: string; children: string }) {
  return (
    <span id={id} className={styles.disabledReason}>
      {children}
    </span>
  );
}
