import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import uiStyles from '@client/components/ui/ui.module.css';
import styles from './auto-read.module.css';

/** "Read each card aloud when it appears" (off by default): for children who cannot read yet. */
export function AutoReadField(props: UseFormRegisterReturn<'auto_read'>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={uiStyles.field}>
      <label className={styles.checkbox} htmlFor={id}>
        <input id={id} type="checkbox" aria-describedby={`${id}-hint`} {...props} />
        {t('students.form.autoRead')}
      </label>
      <p id={`${id}-hint`} className={uiStyles.hint}>
        {t('students.form.autoReadHint')}
      </p>
    </div>
  );
}
