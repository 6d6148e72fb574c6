import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@client/lib/theme';
import { Button } from '@client/components/ui/button';
import { RadioCards } from '@client/components/ui/radio-cards';
import styles from './settings.module.css';

/** SPEC §9: the update button shows its saving state for this long before the theme applies. */
export const THEME_SAVING_MS = 500;

/** Theme sub-page: the themes with their colours; update is enabled only for a different one. */
export function ThemeSettings() {
  const { t } = useTranslation();
  const { theme, themes, setTheme } = useTheme();
  const [selected, setSelected] = useState(theme.id);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!saving) return;
    const timer = setTimeout(() => {
      setTheme(selected);
      setSaving(false);
      setStatus(t('settings.theme.updated', { name: t(`settings.themes.${selected}`) }));
    }, THEME_SAVING_MS);
    return () => clearTimeout(timer);
  }, [saving, selected, setTheme, t]);

  return (
    <>
      <RadioCards
        legend={t('settings.theme.legend')}
        value={selected}
        onChange={(v) => {
          setSelected(v);
          setStatus('');
        }}
        options={themes.map((th) => ({
          value: th.id,
          label: t(`settings.themes.${th.id}`),
          swatches: [th.colors.primary, th.colors.secondary, th.colors.accent, th.colors.background],
        }))}
      />
      <p role="status" className={styles.status}>
        {status}
      </p>
      <div className={styles.actions}>
        <Button variant="primary" disabled={saving || selected === theme.id} onClick={() => setSaving(true)}>
          {saving ? t('common.actions.saving') : t('settings.theme.update')}
        </Button>
      </div>
    </>
  );
}
