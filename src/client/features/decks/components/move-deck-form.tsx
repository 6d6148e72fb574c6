import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deck } from '@shared/schemas/deck';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/feedback';
import { errorText } from '@client/lib/errors';
import { useMoveDeck } from '../api/deck-mutations';
import { OwnerChoice } from './owner-choice';
import styles from './decks.module.css';

/** Move: the deck goes to another child (or to all children); submit is enabled once the choice changed. */
export function MoveDeckForm({
  deck,
  onCancel,
  onDone,
}: {
  deck: Deck;
  onCancel: () => void;
  onDone: (d: Deck) => void;
}) {
  const { t } = useTranslation();
  const move = useMoveDeck();
  const [owner, setOwner] = useState<number | null>(deck.student_id);
  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        move.mutate({ id: deck.id, title: deck.title, student_id: owner }, { onSuccess: onDone });
      }}
    >
      {move.error && <Alert>{errorText(move.error, t('decks.errors.move'))}</Alert>}
      <OwnerChoice value={owner} onChange={setOwner} />
      <div className={styles.footer}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="submit" variant="primary" disabled={owner === deck.student_id || move.isPending}>
          {move.isPending ? t('decks.move.submitting') : t('decks.move.submit')}
        </Button>
      </div>
    </form>
  );
}
