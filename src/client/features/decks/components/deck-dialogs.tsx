import { zodResolver } from '@client/lib/form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DUPLICATE_TITLE_MAX } from '@shared/constants';
import { duplicateDeckSchema, renameDeckSchema, type Deck } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, Dialog } from '@client/components/ui/dialog';
import { Alert } from '@client/components/ui/feedback';
import { TextField } from '@client/components/ui/field';
import { errorText, serverFieldErrors } from '@client/lib/errors';
import { useDeleteDeck, useDuplicateDeck, useRenameDeck } from '../api/deck-mutations';
import { DeckTitleFields } from './deck-title-fields';
import { MoveDeckForm } from './move-deck-form';
import styles from './decks.module.css';

export type DeckDialogAction = 'rename' | 'duplicate' | 'delete' | 'move';
export interface DeckDialogTarget {
  action: DeckDialogAction;
  deck: Deck;
  /** The title as the page shows it (a catalogue deck's in the interface language). */
  title?: string;
}

interface Props {
  target: DeckDialogTarget | null;
  onClose: () => void;
  /** Called after a successful change; `result` is the renamed or new deck. */
  onDone: (action: DeckDialogAction, deck: Deck, result?: Deck) => void;
}

/** The rename, duplicate, move and delete/remove dialogs of a deck (home list and deck detail). */
export function DeckDialogs({ target, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const remove = useDeleteDeck();
  const deck = target?.deck;
  const shownTitle = target?.title ?? deck?.title ?? '';
  const onOpenChange = (open: boolean) => {
    if (!open) {
      remove.reset();
      onClose();
    }
  };
  const imported = Boolean(deck?.is_imported);
  return (
    <>
      <Dialog open={target?.action === 'rename'} onOpenChange={onOpenChange} title={t('decks.rename.title')}>
        {deck && <RenameForm deck={deck} onCancel={onClose} onDone={(result) => onDone('rename', deck, result)} />}
      </Dialog>
      <Dialog
        open={target?.action === 'duplicate'}
        onOpenChange={onOpenChange}
        title={t('decks.duplicate.title')}
        description={deck && t('decks.duplicate.description', { title: shownTitle })}
      >
        {deck && (
          <DuplicateForm
            deck={deck}
            shownTitle={shownTitle}
            onCancel={onClose}
            onDone={(result) => onDone('duplicate', deck, result)}
          />
        )}
      </Dialog>
      <Dialog
        open={target?.action === 'move'}
        onOpenChange={onOpenChange}
        title={t('decks.move.title')}
        description={deck && t('decks.move.description', { title: shownTitle })}
      >
        {deck && <MoveDeckForm deck={deck} onCancel={onClose} onDone={(result) => onDone('move', deck, result)} />}
      </Dialog>
      <ConfirmDialog
        open={target?.action === 'delete'}
        onOpenChange={onOpenChange}
        title={imported ? t('decks.delete.removeTitle') : t('decks.delete.title')}
        message={deck ? t(imported ? 'decks.delete.removeMessage' : 'decks.delete.message', { title: shownTitle }) : ''}
        confirmLabel={imported ? t('decks.delete.removeConfirm') : t('decks.delete.confirm')}
        pending={remove.isPending}
        error={
          remove.error ? errorText(remove.error, t(imported ? 'decks.errors.remove' : 'decks.errors.delete')) : null
        }
        onConfirm={() => deck && remove.mutate(deck.id, { onSuccess: () => onDone('delete', deck) })}
      />
    </>
  );
}

type RenameInput = z.input<typeof renameDeckSchema>;
type RenameOutput = z.output<typeof renameDeckSchema>;

/** Rename: submit disabled while the title is empty, nothing changed, or saving (SPEC §5). */
function RenameForm({ deck, onCancel, onDone }: { deck: Deck; onCancel: () => void; onDone: (d: Deck) => void }) {
  const { t } = useTranslation();
  const rename = useRenameDeck();
  const form = useForm<RenameInput, unknown, RenameOutput>({
    resolver: zodResolver(renameDeckSchema),
    defaultValues: { title: deck.title, subtitle: deck.subtitle ?? '' },
  });
  const title = form.watch('title');
  const subtitle = form.watch('subtitle') ?? '';
  const unchanged = title.trim() === deck.title && subtitle.trim() === (deck.subtitle ?? '');
  const server = serverFieldErrors(rename.error);
  const e = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    rename.mutate({ id: deck.id, title: values.title, subtitle: values.subtitle ?? '' }, { onSuccess: onDone }),
  );
  return (
    <form noValidate onSubmit={submit} className={styles.form}>
      {rename.error && !Object.keys(server).length && (
        <Alert>{errorText(rename.error, t('decks.errors.rename'))}</Alert>
      )}
      <DeckTitleFields
        title={form.register('title')}
        subtitle={form.register('subtitle')}
        titleLength={title.length}
        subtitleLength={subtitle.length}
        errors={{ title: e.title?.message ?? server.title, subtitle: e.subtitle?.message ?? server.subtitle }}
      />
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!title.trim() || unchanged || rename.isPending}>
          {rename.isPending ? t('common.actions.saving') : t('decks.rename.submit')}
        </Button>
      </div>
    </form>
  );
}

const duplicateFormSchema = z.object({ title: duplicateDeckSchema.shape.title.unwrap() });
type DuplicateInput = z.input<typeof duplicateFormSchema>;

/** Duplicate: the name defaults to 'Copy of {title}', cut to DUPLICATE_TITLE_MAX. */
function DuplicateForm({
  deck,
  shownTitle,
  onCancel,
  onDone,
}: {
  deck: Deck;
  shownTitle: string;
  onCancel: () => void;
  onDone: (d: Deck) => void;
}) {
  const { t } = useTranslation();
  const duplicate = useDuplicateDeck();
  const form = useForm<DuplicateInput>({
    resolver: zodResolver(duplicateFormSchema),
    defaultValues: { title: t('decks.duplicate.defaultName', { title: shownTitle }).slice(0, DUPLICATE_TITLE_MAX) },
  });
  const title = form.watch('title');
  const server = serverFieldErrors(duplicate.error);
  const submit = form.handleSubmit((values) =>
    duplicate.mutate({ id: deck.id, title: values.title }, { onSuccess: onDone }),
  );
  return (
    <form noValidate onSubmit={submit} className={styles.form}>
      {duplicate.error && !Object.keys(server).length && (
        <Alert>{errorText(duplicate.error, t('decks.errors.duplicate'))}</Alert>
      )}
      <TextField
        label={t('decks.duplicate.name')}
        autoComplete="off"
        maxLength={DUPLICATE_TITLE_MAX}
        length={title.length}
        error={form.formState.errors.title?.message ?? server.title}
        {...form.register('title')}
      />
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={!title.trim() || duplicate.isPending}>
          {duplicate.isPending ? t('decks.duplicate.submitting') : t('decks.duplicate.submit')}
        </Button>
      </div>
    </form>
  );
}
