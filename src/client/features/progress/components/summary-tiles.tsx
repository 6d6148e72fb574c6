import { useTranslation } from 'react-i18next';
import type { Progress } from '@shared/schemas/progress';
import { currentLanguage, formatPercent, formatTime } from './format';
import styles from './progress.module.css';

/** The four totals: decks studied, sessions, overall accuracy, total study time. */
export function SummaryTiles({ stats }: { stats: Progress['overall_statistics'] }) {
  const { t, i18n } = useTranslation();
  const tiles = [
    { label: t('progress.tiles.decksStudied'), value: String(stats.decks_studied) },
    { label: t('progress.tiles.sessions'), value: String(stats.total_sessions) },
    { label: t('progress.tiles.accuracy'), value: formatPercent(stats.overall_accuracy, t) },
    {
      label: t('progress.tiles.time'),
      value: formatTime(stats.total_study_time, currentLanguage(i18n.language), t),
      phrase: stats.total_study_time < 60,
    },
  ];
  return (
    <section aria-labelledby="progress-summary">
      <h2 id="progress-summary" className="visually-hidden">
        {t('progress.tiles.title')}
      </h2>
      <dl className={styles.tiles}>
        {tiles.map((tile) => (
          <div key={tile.label} className={styles.tile}>
            <dt>{tile.label}</dt>
            <dd className={tile.phrase ? styles.phrase : undefined}>{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
