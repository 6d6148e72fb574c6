import { useId, type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: string;
  /** Shows "N characters remaining" for this maximum. */
  maxLength?: number;
  length?: number;
}

type InputFieldProps = FieldShellProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
type TextAreaFieldProps = FieldShellProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

function useFieldIds(error?: string, hint?: string, counter?: boolean) {
  const id = useId();
  const describedBy =
    [error && `${id}-error`, hint && `${id}-hint`, counter && `${id}-count`].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Extras({ id, error, hint, maxLength, length }: Omit<FieldShellProps, 'label'> & { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {maxLength !== undefined && length !== undefined && (
        <p id={`${id}-count`} className={styles.hint} aria-live="polite">
          {t('common.charactersRemaining', { count: Math.max(0, maxLength - length) })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Labelled text input with its error, hint and optional characters-remaining counter. */
export function TextField({ label, error, hint, maxLength, length, ...input }: InputFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint, length !== undefined);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        maxLength={maxLength}
        {...input}
      />
      <Extras id={id} error={error} hint={hint} maxLength={maxLength} length={length} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, maxLength, length, ...input }: TextAreaFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint, length !== undefined);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        maxLength={maxLength}
        {...input}
      />
      <Extras id={id} error={error} hint={hint} maxLength={maxLength} length={length} />
    </div>
  );
}
