import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { errorText } from '@client/lib/errors';
import { givable, useFamilyDecks, useGiveDecksToClass } from '../api/give-decks';
import { useClassStrings } from '../strings';
import styles from './class.module.css';

/**
 * Choose decks that each belong to one student and give them to the whole class: they become every
 * student's decks. `onDone` follows a successful change; `onCancel` a "not now".
 */
export function GiveDecksForm({
  onDone,
  onCancel,
  cancelLabel,
}: {
  onDone: (titles: string[]) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  useClassStrings();
  const { t } = useTranslation();
  const decks = useFamilyDecks(true);
  const give = useGiveDecksToClass();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const options = givable(decks.data ?? []);

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const picked = options.filter((d) => chosen.has(d.id));
    give.mutate(picked, { onSuccess: () => onDone(picked.map((d) => d.title)) });
  };

  if (decks.isPending) return <Spinner />;
  return (
    <form noValidate onSubmit={submit} className={styles.giveForm}>
      {decks.error ? (
        <Alert>{errorText(decks.error, t('class.give.loadFailed'))}</Alert>
      ) : options.length === 0 ? (
        <p>{t('class.give.none')}</p>
      ) : (
        <fieldset className={styles.deckChoices}>
          <legend>{t('class.give.legend')}</legend>
          {options.map((d) => (
            <label key={d.id} className={styles.deckChoice}>
              <input type="checkbox" checked={chosen.has(d.id)} onChange={(e) => toggle(d.id, e.target.checked)} />
              <span>{d.title}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className={styles.hint}>{t('class.give.hint')}</p>
      {give.error && <Alert>{errorText(give.error, t('class.give.failed'))}</Alert>}
      <div className={styles.giveActions}>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button type="submit" variant="primary" disabled={chosen.size === 0 || give.isPending}>
          {give.isPending ? t('class.give.submitting') : t('class.give.submit', { count: chosen.size })}
        </Button>
      </div>
    </form>
  );
}
