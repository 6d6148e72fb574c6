import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoryStatistics } from '@shared/schemas/review';
import { dayOfMonth, formatDay, weekdayName } from './chart-days';
import { currentLanguage } from './format';
import { TableToggle } from '@client/components/ui/table-toggle';
import styles from '@client/components/ui/chart.module.css';

// Drawn in a 320-unit-wide box: about one unit to a pixel on a 390 px phone, scaled up to the
// section's width elsewhere (capped, so that the labels stay a sensible size).
const WIDTH = 320;
const HEIGHT = 190;
const M = { top: 18, right: 6, bottom: 34, left: 30 };

/**
 * Cards due each day of the next FORECAST_DAYS days (today first, overdue included) as bars, with
 * the same numbers as a table for screen readers and anyone who prefers one.
 */
export function ForecastChart({ forecast }: { forecast: MemoryStatistics['forecast'] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n.language);
  const captionId = useId();
  const max = Math.max(1, ...forecast.map((d) => d.due));
  const x = scaleBand<string>()
    .domain(forecast.map((d) => d.date))
    .range([M.left, WIDTH - M.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([HEIGHT - M.bottom, M.top]);
  const ticks = y.ticks(4).filter(Number.isInteger);
  const total = forecast.reduce((sum, d) => sum + d.due, 0);

  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {t('progress.memory.forecast.title')}
      </figcaption>
      <svg
        className={styles.chart}
        style={{ maxWidth: 640 }}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('progress.memory.forecast.summary', { count: total, days: forecast.length })}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.grid} x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} />
            <text className={styles.axis} x={M.left - 5} y={y(tick)} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {forecast.map((d) => {
          const left = x(d.date)!;
          const top = y(d.due);
          return (
            <g key={d.date}>
              {d.due > 0 && (
                <rect className={styles.bar} x={left} y={top} width={x.bandwidth()} height={y(0) - top} rx={3} />
              )}
              {d.due > 0 && (
                <text className={styles.value} x={left + x.bandwidth() / 2} y={top - 4} textAnchor="middle">
                  {d.due}
                </text>
              )}
              <text className={styles.axis} x={left + x.bandwidth() / 2} y={HEIGHT - M.bottom + 14} textAnchor="middle">
                {dayOfMonth(d.date)}
              </text>
              <text className={styles.axis} x={left + x.bandwidth() / 2} y={HEIGHT - M.bottom + 27} textAnchor="middle">
                {weekdayName(d.date, lang).charAt(0).toUpperCase()}
              </text>
            </g>
          );
        })}
      </svg>
      <TableToggle summary={t('progress.memory.showTable')}>
        {() => (
          <table className={styles.table}>
            <caption className="visually-hidden">{t('progress.memory.forecast.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('progress.memory.date')}</th>
                <th scope="col">{t('progress.memory.forecast.due')}</th>
              </tr>
            </thead>
            <tbody>
              {forecast.map((d, i) => (
                <tr key={d.date}>
                  <th scope="row">
                    {i === 0 ? t('progress.memory.today', { date: formatDay(d.date, lang) }) : formatDay(d.date, lang)}
                  </th>
                  <td>{d.due}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TableToggle>
    </figure>
  );
}
