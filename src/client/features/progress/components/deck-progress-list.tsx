import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Progress } from '@shared/schemas/progress';
import { formatStudyTime } from '@shared/duration';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Menu } from '@client/components/ui/menu';
import { errorText } from '@client/lib/errors';
import { useRemoveDeckProgress } from '../api/progress-api';
import { formatDate } from '@client/lib/dates';
import { currentLanguage, formatPercent } from './format';
import styles from './progress.module.css';

type DeckStats = Progress['deck_statistics'][number];

/** One card per studied deck, with a menu to study it again or remove its progress. */
export function DeckProgressList({
  decks,
  studentId,
  studentName,
}: {
  decks: DeckStats[];
  studentId: number;
  studentName: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage(i18n.language);
  const remove = useRemoveDeckProgress(studentId);
  const [confirming, setConfirming] = useState<DeckStats | null>(null);

  const confirmRemove = () => {
    if (!confirming) return;
    remove.mutate(confirming.deck_id, { onSuccess: () => setConfirming(null) });
  };

  return (
    <section aria-labelledby="progress-decks" className={styles.section}>
      <h2 id="progress-decks">{t('progress.decks.title')}</h2>
      <ul className={styles.deckGrid}>
        {decks.map((deck) => (
          <li key={deck.deck_id} className={styles.deckCard} style={{ ['--deck-color' as string]: deck.deck_color }}>
            <div className={styles.deckHeader}>
              <div className={styles.deckTitles}>
                <h3>{deck.deck_title}</h3>
                {deck.deck_subtitle && <p className={styles.subtitle}>{deck.deck_subtitle}</p>}
              </div>
              <Menu
                label={t('progress.decks.menu', { title: deck.deck_title })}
                items={[
                  { label: t('progress.decks.study'), onSelect: () => navigate(`/study/${deck.deck_id}`) },
                  { label: t('progress.decks.remove'), destructive: true, onSelect: () => setConfirming(deck) },
                ]}
              />
            </div>
            <dl className={styles.deckStats}>
              <div>
                <dt>{t('progress.decks.sessions')}</dt>
                <dd>{deck.total_study_sessions}</dd>
              </div>
              <div>
                <dt>{t('progress.decks.accuracy')}</dt>
                <dd>{formatPercent(deck.average_accuracy, t)}</dd>
              </div>
              <div>
                <dt>{t('progress.decks.lastStudied')}</dt>
                <dd>{deck.last_studied ? formatDate(deck.last_studied, lang) : t('progress.decks.never')}</dd>
              </div>
              <div>
                <dt>{t('progress.decks.totalTime')}</dt>
                <dd>{formatStudyTime(deck.total_study_time, lang)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            remove.reset();
          }
        }}
        title={t('progress.removeDeck.title')}
        message={t('progress.removeDeck.message', { name: studentName, title: confirming?.deck_title ?? '' })}
        confirmLabel={t('progress.removeDeck.confirm')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error, t('progress.removeDeck.failed')) : null}
      />
    </section>
  );
}
