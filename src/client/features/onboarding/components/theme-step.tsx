import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@client/lib/theme';
import { Button } from '@client/components/ui/button';
import { PalettePicture } from '@client/components/illustrations/onboarding-pictures';
import { RadioCards } from '@client/components/ui/radio-cards';
import { StepLayout } from './step-layout';
import styles from './onboarding.module.css';
import { useThemeNameStrings } from '../strings';

/** Step 3: a colour theme (theme names are shared with the settings panel's catalogue), or skip. */
export function ThemeStep({ onNext, onBack }: { onNext: () => void; onBack: () => void }) {
  useThemeNameStrings();
  const { t } = useTranslation();
  const { theme, themes, setTheme } = useTheme();
  const [selected, setSelected] = useState(theme.id);
  return (
    <StepLayout
      step={3}
      title={t('onboarding.theme.title')}
      intro={t('onboarding.theme.intro')}
      onBack={onBack}
      picture={<PalettePicture />}
    >
      <RadioCards
        legend={t('onboarding.theme.title')}
        legendHidden
        value={selected}
        onChange={setSelected}
        options={themes.map((th) => ({
          value: th.id,
          label: t(`settings.themes.${th.id}`),
          swatches: [th.colors.primary, th.colors.secondary, th.colors.accent, th.colors.background],
        }))}
      />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onNext}>
          {t('onboarding.skip')}
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            setTheme(selected);
            onNext();
          }}
        >
          {t('onboarding.theme.submit')}
        </Button>
      </div>
    </StepLayout>
  );
}
