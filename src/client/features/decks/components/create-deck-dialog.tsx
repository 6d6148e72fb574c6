import { zodResolver } from '@client/lib/form';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DEFAULT_DECK_COLOR } from '@shared/constants';
import { createDeckSchema, type Deck } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { errorText, serverFieldErrors } from '@client/lib/errors';
import { useCreateDeck } from '../api/deck-mutations';
import { ColorPicker } from './color-picker';
import { OwnerChoice } from './owner-choice';
import { DeckTitleFields } from './deck-title-fields';
import styles from './decks.module.css';

type Input = z.input<typeof createDeckSchema>;
type Output = z.output<typeof createDeckSchema>;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  studentId: number | null;
  onCreated: (deck: Deck) => void;
}

/**
 * Create deck: title (≤ DECK_TITLE_MAX), subtitle, colour, and whose deck it is (the current student
 * unless another child or all children is chosen). Submit is disabled while the title is empty or saving.
 */
export function CreateDeckDialog({ open, onOpenChange, studentId, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('decks.create.title')}>
      <CreateDeckForm studentId={studentId} onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateDeckForm({
  studentId,
  onCancel,
  onCreated,
}: {
  studentId: number | null;
  onCancel: () => void;
  onCreated: (deck: Deck) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateDeck();
  const [owner, setOwner] = useState<number | null>(studentId);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createDeckSchema),
    defaultValues: { title: '', subtitle: '', color: DEFAULT_DECK_COLOR },
  });
  const title = form.watch('title');
  const server = serverFieldErrors(create.error);
  const e = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    create.mutate({ ...values, subtitle: values.subtitle || null, student_id: owner }, { onSuccess: onCreated }),
  );

  return (
    <form noValidate onSubmit={submit} className={styles.form}>
      {create.error && !Object.keys(server).length && (
        <Alert>{errorText(create.error, t('decks.errors.create'))}</Alert>
      )}
      <DeckTitleFields
        title={form.register('title')}
        subtitle={form.register('subtitle')}
        titleLength={title.length}
        subtitleLength={(form.watch('subtitle') ?? '').length}
        errors={{ title: e.title?.message ?? server.title, subtitle: e.subtitle?.message ?? server.subtitle }}
      />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorPicker name="deck-color" value={field.value ?? DEFAULT_DECK_COLOR} onChange={field.onChange} />
        )}
      />
      <OwnerChoice value={owner} onChange={setOwner} />
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!title.trim() || create.isPending}>
          {create.isPending ? t('decks.create.submitting') : t('decks.create.submit')}
        </Button>
      </div>
    </form>
  );
}
