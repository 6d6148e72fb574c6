import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DECK_SUBTITLE_MAX, DECK_TITLE_MAX } from '@shared/constants';
import { TextField } from '@client/components/ui/field';

interface DeckTitleFieldsProps {
  title: UseFormRegisterReturn;
  subtitle: UseFormRegisterReturn;
  titleLength: number;
  subtitleLength: number;
  errors: { title?: string; subtitle?: string };
}

/** Title and subtitle inputs with their counters, shared by the create and rename dialogs. */
export function DeckTitleFields({ title, subtitle, titleLength, subtitleLength, errors }: DeckTitleFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('decks.form.title')}
        autoComplete="off"
        maxLength={DECK_TITLE_MAX}
        length={titleLength}
        error={errors.title}
        {...title}
      />
      <TextField
        label={t('decks.form.subtitle')}
        autoComplete="off"
        maxLength={DECK_SUBTITLE_MAX}
        length={subtitleLength}
        error={errors.subtitle}
        {...subtitle}
      />
    </>
  );
}
