import { startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoryStatistics } from '@shared/schemas/review';
import { afterFirstPaint } from '@client/lib/after-first-paint';
import { progressStrings, useProgressStrings } from '../strings';
import { ActivityCalendar } from './activity-calendar';
import { ForecastChart } from './forecast-chart';
import styles from './progress.module.css';
import chartStyles from './charts.module.css';

/** Answers and accuracy per way of playing over the last 30 days (modes without answers left out). */
function ModeTable({ modes }: { modes: MemoryStatistics['modes'] }) {
  useProgressStrings();
  const { t } = useTranslation();
  const played = modes.filter((m) => m.answers > 0);
  return (
    <section aria-labelledby="progress-modes" className={styles.modes}>
      <h3 id="progress-modes">{t('progress.modes.title')}</h3>
      {played.length === 0 ? (
        <p>{t('progress.modes.none')}</p>
      ) : (
        <table className={styles.modeTable}>
          <thead>
            <tr>
              <th scope="col">{t('progress.modes.mode')}</th>
              <th scope="col">{t('progress.modes.answers')}</th>
              <th scope="col">{t('progress.modes.accuracy')}</th>
            </tr>
          </thead>
          <tbody>
            {played.map((m) => (
              <tr key={m.mode}>
                <th scope="row">{t(`progress.modes.names.${m.mode}`)}</th>
                <td>{m.answers}</td>
                <td>{m.accuracy === null ? '—' : `${m.accuracy}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The play modes, below the charts, once the page has painted and their strings (downloaded on
 * demand) have arrived: neither holds up the first paint, and the table renders once, not suspended.
 */
function LaterModeTable({ modes }: { modes: MemoryStatistics['modes'] }) {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      afterFirstPaint(() => {
        const show = () => startTransition(() => setReady(true));
        // A failed download shows the table anyway: it asks for its strings again itself.
        progressStrings(i18n.language).then(show, show);
      }),
    [i18n.language],
  );
  return ready ? (
    <Suspense fallback={null}>
      <ModeTable modes={modes} />
    </Suspense>
  ) : null;
}

/**
 * What spaced repetition adds to the progress screen: cards learned, cards due today and the
 * streak as tiles, then the 14-day forecast and the 12-week activity calendar, and the answers
 * per play mode.
 */
export function MemoryOverview({ stats }: { stats: MemoryStatistics }) {
  const { t } = useTranslation();
  const tiles = [
    { label: t('progress.memory.learned'), value: String(stats.cards_learned) },
    { label: t('progress.memory.dueToday'), value: String(stats.cards_due_today) },
    { label: t('progress.memory.streak'), value: t('progress.memory.streakDays', { count: stats.streak_days }) },
  ];
  return (
    <section aria-labelledby="progress-memory" className={styles.section}>
      <h2 id="progress-memory">{t('progress.memory.title')}</h2>
      <dl className={styles.tiles}>
        {tiles.map((tile) => (
          <div key={tile.label} className={styles.tile}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className={chartStyles.charts} style={{ marginTop: '0.75rem' }}>
        <ForecastChart forecast={stats.forecast} />
        <ActivityCalendar activity={stats.activity} />
      </div>
      <LaterModeTable modes={stats.modes} />
    </section>
  );
}
