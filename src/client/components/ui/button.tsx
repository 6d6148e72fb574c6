import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
  /** Square button holding only an icon; give it an aria-label. */
  icon?: boolean;
  ref?: Ref<HTMLButtonElement>;
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

export function Button({ variant, size, icon, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass({ variant, size, icon }), className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
