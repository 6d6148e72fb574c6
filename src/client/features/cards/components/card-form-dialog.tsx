import { zodResolver } from '@client/lib/form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CARD_TEXT_FIELDS, TEXT_FIELD_NAMES, type CardSide } from '@shared/card-fields';
import { cardFieldsSchema, type Card, type CardFields } from '@shared/schemas/card';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText, serverFieldErrors } from '@client/lib/errors';
import { useSaveCard, type RefreshDeck } from '../api/card-mutations';
import { audioErrors } from '../audio-errors';
import { KEEP_AUDIO, type AudioChanges, type AudioSide, type CardText, type PictureChange } from '../card-form-data';
import { AudioField } from './audio-field';
import { PictureField } from './picture-field';
import styles from './cards.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deckId: number;
  /** The card being edited; absent to add one. */
  card?: Card | null;
  onSaved: (card: Card, created: boolean) => void;
  refreshDeck: RefreshDeck;
}

/** Add or edit a card: picture (optional), English and Spanish (required) with pronunciations and sounds (optional). */
export function CardFormDialog({ open, onOpenChange, deckId, card, onSaved, refreshDeck }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={card ? t('cards.form.editTitle') : t('cards.form.createTitle')}
    >
      <CardForm
        key={card?.id ?? 'new'}
        deckId={deckId}
        card={card ?? null}
        onCancel={() => onOpenChange(false)}
        onSaved={onSaved}
        refreshDeck={refreshDeck}
      />
    </Dialog>
  );
}

// Refusals of the picture itself, shown under the picture field.
const PICTURE_ERRORS = new Set([
  'too_large',
  'unsupported_image',
  'unsupported_heic',
  'image_dimensions',
  'image_too_complex',
]);

function CardForm({
  deckId,
  card,
  onCancel,
  onSaved,
  refreshDeck,
}: {
  deckId: number;
  card: Card | null;
  onCancel: () => void;
  onSaved: Props['onSaved'];
  refreshDeck: RefreshDeck;
}) {
  const { t } = useTranslation();
  const save = useSaveCard(refreshDeck);
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [audio, setAudio] = useState<AudioChanges>(KEEP_AUDIO);
  const form = useForm<CardFields, unknown, CardText>({
    resolver: zodResolver(cardFieldsSchema),
    defaultValues: Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, card?.[f] ?? ''])) as CardFields,
  });
  const err = save.error;
  const soundErrors = audioErrors(err);
  const pictureError =
    err instanceof ApiRequestError && PICTURE_ERRORS.has(err.code) && !soundErrors.en && !soundErrors.es
      ? errorText(err, t('cards.errors.save'))
      : undefined;
  const server = serverFieldErrors(err);
  const generalError =
    err && !pictureError && !Object.keys(server).length ? errorText(err, t('cards.errors.save')) : null;
  const e = form.formState.errors;

  const submit = form.handleSubmit((text) =>
    save.mutate({ cardId: card?.id, deckId, text, picture, audio }, { onSuccess: (saved) => onSaved(saved, !card) }),
  );
  /** A side's declared text fields (`@shared/card-fields`), in their order. */
  const textFields = (side: CardSide) =>
    TEXT_FIELD_NAMES.filter((f) => CARD_TEXT_FIELDS[f].side === side).map((f) => {
      const { required, max } = CARD_TEXT_FIELDS[f];
      const label = t(`common.cardFields.${f}.label`);
      return (
        <TextField
          key={f}
          label={required ? label : t('cards.form.optional', { field: label })}
          required={required}
          autoComplete="off"
          lang={side === 'es' ? 'es' : undefined}
          maxLength={max}
          error={e[f]?.message ?? server[f]}
          {...form.register(f)}
        />
      );
    });
  const audioField = (side: AudioSide) => (
    <AudioField
      side={side}
      currentKey={card?.[`${side}_audio_key`] ?? null}
      value={audio[side]}
      onChange={(change) => {
        save.reset();
        setAudio((old) => ({ ...old, [side]: change }));
      }}
      error={soundErrors[side]}
    />
  );

  return (
    <form noValidate onSubmit={submit} className={styles.form}>
      {generalError && <Alert>{generalError}</Alert>}
      <PictureField
        currentKey={card?.front_image_key ?? card?.back_image_key ?? null}
        value={picture}
        onChange={(change) => {
          save.reset();
          setPicture(change);
        }}
        error={pictureError ?? server.front_image ?? server.back_image}
      />
      {textFields('en')}
      {audioField('en')}
      {textFields('es')}
      {audioField('es')}
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending
            ? t('common.actions.saving')
            : card
              ? t('cards.form.submitEdit')
              : t('cards.form.submitCreate')}
        </Button>
      </div>
    </form>
  );
}
