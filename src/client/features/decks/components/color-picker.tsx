import { useTranslation } from 'react-i18next';
import { DECK_COLORS } from '@shared/constants';
import { CheckIcon } from '@client/components/ui/icons';
import styles from './decks.module.css';

/** Translation keys of the colour names, in the order of DECK_COLORS. */
const COLOR_NAMES = [
  'coral',
  'turquoise',
  'sky',
  'sage',
  'sunflower',
  'pink',
  'blue',
  'purple',
  'red',
  'green',
] as const;

/** The ten deck colours as a radio group; each swatch is named for screen readers. */
export function ColorPicker({
  value,
  onChange,
  name,
}: {
  value: string;
  onChange: (color: string) => void;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.colors}>
      <legend>{t('decks.form.color')}</legend>
      <div className={styles.swatches}>
        {DECK_COLORS.map((color, i) => (
          <label key={color} className={styles.swatch}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              aria-label={t(`decks.colors.${COLOR_NAMES[i]}`)}
            />
            <span className={styles.swatchDot} style={{ background: color }} aria-hidden="true">
              {value === color && <CheckIcon size={18} />}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
