import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Deck } from '@shared/schemas/deck';
import { Button, buttonClass } from '@client/components/ui/button';
import { Alert, EmptyState, Spinner } from '@client/components/ui/feedback';
import { isNotFound } from '@client/lib/api-client';
import { useAddSharedDeck, useSharedDeck } from '../api/share-api';
import { shareErrorText } from '../share-errors';
import styles from './sharing.module.css';
import { useSharingStrings } from '../strings';

interface Props {
  code: string;
  /** The student the deck is added for (null: every student). */
  studentId: number | null;
  studentName: string | null;
  onAdded: (deck: Deck) => void;
}

/** `/shared/{code}`: what a link shares, and "Add to my decks". */
export function SharedDeckPreview({ code, studentId, studentName, onAdded }: Props) {
  useSharingStrings();
  const { t } = useTranslation();
  const shared = useSharedDeck(code);
  const add = useAddSharedDeck(code, onAdded);

  if (shared.isPending) return <Spinner />;
  if (shared.error) {
    return (
      <main id="main" className={styles.page}>
        {isNotFound(shared.error) ? (
          <EmptyState
            title={t('sharing.preview.notFoundTitle')}
            body={t('sharing.preview.notFoundBody')}
            action={
              <Link to="/" className={buttonClass({ variant: 'primary' })}>
                {t('sharing.preview.home')}
              </Link>
            }
          />
        ) : (
          <Alert>{shareErrorText(shared.error, t('sharing.preview.failed'))}</Alert>
        )}
      </main>
    );
  }
  const deck = shared.data;
  const more = deck.card_count - deck.cards.length;
  return (
    <main id="main" className={styles.page}>
      <div className={styles.band} style={{ '--deck-color': deck.color } as CSSProperties}>
        <p className={styles.muted}>{t('sharing.preview.kicker')}</p>
        <h1>{deck.title}</h1>
        {deck.subtitle && <p>{deck.subtitle}</p>}
        <p className={styles.muted}>
          {t('sharing.preview.by', { name: deck.sharer_name })} ·{' '}
          {t('sharing.preview.cards', { count: deck.card_count })}
        </p>
      </div>
      {deck.cards.length > 0 && (
        <section aria-labelledby="shared-cards">
          <h2 id="shared-cards">{t('sharing.preview.firstCards')}</h2>
          <ul className={styles.cards}>
            {deck.cards.map((c, i) => (
              <li key={i}>
                <span lang="en">{c.en}</span> — <span lang="es">{c.es}</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className={styles.muted}>{t('sharing.preview.more', { count: more })}</p>}
        </section>
      )}
      {deck.is_own ? (
        <p>{t('sharing.preview.own')}</p>
      ) : deck.added_deck_id !== null ? (
        <div className={styles.actions}>
          <p>{t('sharing.preview.added')}</p>
          <Link to={`/deck/${deck.added_deck_id}`} className={buttonClass({ variant: 'primary' })}>
            {t('sharing.preview.open')}
          </Link>
        </div>
      ) : (
        <>
          <p>{t('sharing.preview.follows', { name: deck.sharer_name })}</p>
          <p className={styles.muted}>
            {studentName ? t('sharing.preview.forStudent', { name: studentName }) : t('sharing.preview.forEveryone')}
          </p>
          {add.error && <Alert>{shareErrorText(add.error, t('sharing.preview.addFailed'))}</Alert>}
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => add.mutate(studentId)} disabled={add.isPending}>
              {add.isPending ? t('sharing.preview.adding') : t('sharing.preview.add')}
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
