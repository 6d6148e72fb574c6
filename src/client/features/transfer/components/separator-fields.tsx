import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@client/components/ui/field';
import uiStyles from '@client/components/ui/ui.module.css';
import { unescapeSeparator } from '../text-import';
import styles from './transfer.module.css';

/** Each select's choice: 'auto', a named separator, or 'custom' (then the typed text). */
export interface SeparatorState {
  columns: string;
  columnsCustom: string;
  rows: string;
  rowsCustom: string;
}
export const DETECT: SeparatorState = { columns: 'auto', columnsCustom: '', rows: 'auto', rowsCustom: '' };

// Named, not by their characters: an <option> value of a tab or a new line does not survive as typed.
const NAMED: Record<string, string> = { tab: '\t', comma: ',', semicolon: ';', pipe: '|', newline: '\n' };
const COLUMN_CHOICES = ['tab', 'comma', 'semicolon', 'pipe'];
const ROW_CHOICES = ['newline', 'semicolon'];

/** The separator a choice stands for; null to detect it. */
export function separatorOf(choice: string, custom: string): string | null {
  if (choice === 'custom') return unescapeSeparator(custom) || null;
  return NAMED[choice] ?? null;
}

interface Props {
  value: SeparatorState;
  onChange: (next: SeparatorState) => void;
  /** The separators in use (detected when the choice is 'auto'). */
  detected: { columns: string; rows: string };
}

/** "Between English and Spanish" and "Between cards": detected, a common one, or any text (Quizlet's custom separators). */
export function SeparatorFields({ value, onChange, detected }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = (sep: string) => {
    const key = Object.keys(NAMED).find((k) => NAMED[k] === sep);
    return key
      ? t(`transfer.cards.separator.${key}`)
      : t('transfer.cards.separator.other', { text: sep.replaceAll('\t', '\\t').replaceAll('\n', '\\n') });
  };
  const select = (which: 'columns' | 'rows', choices: string[]) => {
    const customKey = which === 'columns' ? 'columnsCustom' : 'rowsCustom';
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${which}`} className={styles.label}>
          {t(`transfer.cards.${which}`)}
        </label>
        <select
          id={`${id}-${which}`}
          className={uiStyles.input}
          value={value[which]}
          onChange={(e) => onChange({ ...value, [which]: e.target.value })}
        >
          <option value="auto">
            {value[which] === 'auto'
              ? t('transfer.cards.auto', { found: nameOf(detected[which]) })
              : t('transfer.cards.detect')}
          </option>
          {choices.map((key) => (
            <option key={key} value={key}>
              {t(`transfer.cards.separator.${key}`)}
            </option>
          ))}
          <option value="custom">{t('transfer.cards.custom')}</option>
        </select>
        {value[which] === 'custom' && (
          <TextField
            label={t(which === 'columns' ? 'transfer.cards.customColumns' : 'transfer.cards.customRows')}
            hint={t('transfer.cards.customHint')}
            autoComplete="off"
            spellCheck={false}
            value={value[customKey]}
            onChange={(e) => onChange({ ...value, [customKey]: e.target.value })}
          />
        )}
      </div>
    );
  };
  return (
    <fieldset className={styles.separators}>
      <legend>{t('transfer.cards.separators')}</legend>
      {select('columns', COLUMN_CHOICES)}
      {select('rows', ROW_CHOICES)}
    </fieldset>
  );
}
