import { useTranslation } from 'react-i18next';
import type { MemoryStatistics } from '@shared/schemas/review';
import { ActivityCalendar } from './activity-calendar';
import { ForecastChart } from './forecast-chart';
import styles from './progress.module.css';
import chartStyles from './charts.module.css';

/**
 * What spaced repetition adds to the progress screen: cards learned, cards due today and the
 * streak as tiles, then the 14-day forecast and the 12-week activity calendar.
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
    </section>
  );
}
