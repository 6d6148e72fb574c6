import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Progress } from '@shared/schemas/progress';
import { Menu } from '@client/components/ui/menu';
import { useDeckText } from '@client/lib/catalogue';
import { notify } from '@client/components/ui/toasts';
import { errorText } from '@client/lib/errors';
import { useNeedsConnection } from '@client/lib/online';
import { useRemoveDeckProgress } from '../api/progress-api';
import { ConfirmDialog, loadConfirmDialog } from './confirm-dialog';
import { formatDate } from '@client/lib/dates';
import { currentLanguage, formatPercent, formatTime } from './format';
import styles from './progress.module.css';

type DeckStats = Progress['deck_statistics'][number];

/** One card per studied deck, with its cards due today, and a menu to study or review it or remove its progress. */
export function DeckProgressList({
  decks,
  studentId,
  studentName,
  dueCounts,
  readOnly = false,
}: {
  decks: DeckStats[];
  studentId: number;
  studentName: string;
  /** Cards due today per deck id (absent while unknown). */
  dueCounts?: ReadonlyMap<number, number>;
  /** Without "remove progress" (child mode). */
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage(i18n.language);
  const remove = useRemoveDeckProgress(studentId, ({ title }) => notify(t('progress.removeDeck.done', { title })));
  const offline = useNeedsConnection();
  const [confirming, setConfirming] = useState<DeckStats | null>(null);
  const deckText = useDeckText(decks.length > 0);
  const textOf = (deck: DeckStats) => deckText({ title: deck.deck_title, subtitle: deck.deck_subtitle });
  // The same words on every deck: looked up once, not once per deck (50 decks on a long history).
  const label = {
    study: t('progress.decks.study'),
    review: t('progress.decks.review'),
    remove: t('progress.decks.remove'),
    sessions: t('progress.decks.sessions'),
    accuracy: t('progress.decks.accuracy'),
    lastStudied: t('progress.decks.lastStudied'),
    never: t('progress.decks.never'),
    totalTime: t('progress.decks.totalTime'),
    due: t('progress.decks.due'),
  };

  // Rendered after the screen's first paint: the confirmations' code can come now.
  useEffect(() => void loadConfirmDialog().catch(() => undefined), []);

  const confirmRemove = () => {
    if (!confirming) return;
    const title = textOf(confirming).title;
    remove.mutate({ deckId: confirming.deck_id, title }, { onSuccess: () => setConfirming(null) });
  };

  return (
    <section aria-labelledby="progress-decks" className={styles.section}>
      <h2 id="progress-decks">{t('progress.decks.title')}</h2>
      <ul className={styles.deckGrid}>
        {decks
          .map((deck) => ({ deck, text: textOf(deck) }))
          .map(({ deck, text }) => (
            <li key={deck.deck_id} className={styles.deckCard} style={{ ['--deck-color' as string]: deck.deck_color }}>
              <div className={styles.deckHeader}>
                <div className={styles.deckTitles}>
                  <h3>{text.title}</h3>
                  {text.subtitle && <p className={styles.subtitle}>{text.subtitle}</p>}
                </div>
                <Menu
                  label={t('progress.decks.menu', { title: text.title })}
                  items={[
                    { label: label.study, onSelect: () => navigate(`/study/${deck.deck_id}`) },
                    ...((dueCounts?.get(deck.deck_id) ?? 0) > 0
                      ? [
                          {
                            label: label.review,
                            onSelect: () => navigate(`/study/${deck.deck_id}?mode=review`),
                          },
                        ]
                      : []),
                    ...(readOnly
                      ? []
                      : [
                          {
                            label: label.remove,
                            destructive: true,
                            onSelect: () => setConfirming(deck),
                            disabled: Boolean(offline),
                            disabledReason: offline ?? undefined,
                          },
                        ]),
                  ]}
                />
              </div>
              <dl className={styles.deckStats}>
                <div>
                  <dt>{label.sessions}</dt>
                  <dd>{deck.total_study_sessions}</dd>
                </div>
                <div>
                  <dt>{label.accuracy}</dt>
                  <dd>{formatPercent(deck.average_accuracy, t)}</dd>
                </div>
                <div>
                  <dt>{label.lastStudied}</dt>
                  <dd>{deck.last_studied ? formatDate(deck.last_studied, lang) : label.never}</dd>
                </div>
                <div>
                  <dt>{label.totalTime}</dt>
                  <dd>{formatTime(deck.total_study_time, lang, t)}</dd>
                </div>
                {dueCounts && (
                  <div>
                    <dt>{label.due}</dt>
                    <dd>{dueCounts.get(deck.deck_id) ?? 0}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
      </ul>
      {confirming !== null && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            setConfirming(null);
            remove.reset();
          }}
          title={t('progress.removeDeck.title')}
          message={t('progress.removeDeck.message', {
            name: studentName,
            title: confirming ? textOf(confirming).title : '',
          })}
          confirmLabel={t('progress.removeDeck.confirm')}
          pending={remove.isPending}
          error={remove.error ? errorText(remove.error, t('progress.removeDeck.failed')) : null}
          onConfirm={confirmRemove}
        />
      )}
    </section>
  );
}
