import { scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EffortPoint } from '@shared/effort-simulation';
import charts from '@client/components/ui/chart.module.css';
import styles from './schedule.module.css';

const WIDTH = 320;
const HEIGHT = 190;
const M = { top: 22, right: 10, bottom: 30, left: 34 };
const pct = (x: number) => Math.round(x * 100);

/** Reviews a day in the interface language: whole numbers, one decimal below 10 (a small deck costs one or two a day). */
export const formatReviews = (n: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);

/**
 * Reviews per day against the desired retention (issue 26), the chosen retention marked and its
 * figure written beside it; the same numbers as a table.
 */
export function EffortChart({
  points,
  chosen,
  days,
  name,
}: {
  points: EffortPoint[];
  chosen: number;
  days: number;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const first = points[0]!;
  const last = points.at(-1)!;
  const x = scaleLinear()
    .domain([first.retention, last.retention])
    .range([M.left, WIDTH - M.right]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...points.map((p) => p.reviews_per_day))])
    .nice()
    .range([HEIGHT - M.bottom, M.top]);
  const here = points.reduce((best, p) =>
    Math.abs(p.retention - chosen) < Math.abs(best.retention - chosen) ? p : best,
  );
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.retention)},${y(p.reviews_per_day)}`).join('');
  const xTicks = [0.8, 0.85, 0.9, 0.95].filter((r) => r >= first.retention && r <= last.retention);
  const round = (n: number) => formatReviews(n, i18n.language);

  return (
    <figure className={`${charts.figure} ${styles.compact}`} aria-labelledby={captionId}>
      <figcaption id={captionId} className={charts.caption}>
        {t('tuning.effort.title')}
      </figcaption>
      <svg
        className={charts.chart}
        style={{ maxWidth: 640 }}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('tuning.effort.chartSummary', {
          from: round(first.reviews_per_day),
          min: pct(first.retention),
          to: round(last.reviews_per_day),
          max: pct(last.retention),
          retention: pct(here.retention),
        })}
      >
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line className={charts.grid} x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} />
            <text className={charts.axis} x={M.left - 5} y={y(tick)} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {xTicks.map((r) => (
          <text key={r} className={charts.axis} x={x(r)} y={HEIGHT - M.bottom + 16} textAnchor="middle">
            {t('tuning.effort.percent', { value: pct(r) })}
          </text>
        ))}
        <line
          className={styles.chosenRule}
          x1={x(here.retention)}
          x2={x(here.retention)}
          y1={y(here.reviews_per_day)}
          y2={HEIGHT - M.bottom}
        />
        <path className={styles.line} d={path} />
        {points.map((p) => (
          <circle key={p.retention} className={styles.dot} cx={x(p.retention)} cy={y(p.reviews_per_day)} r={2.5} />
        ))}
        <circle className={styles.chosen} cx={x(here.retention)} cy={y(here.reviews_per_day)} r={6} />
        <text
          className={charts.value}
          x={x(here.retention)}
          y={y(here.reviews_per_day) - 10}
          textAnchor={here.retention > 0.93 ? 'end' : 'middle'}
        >
          {t('tuning.effort.chosenLabel', { value: pct(here.retention), reviews: round(here.reviews_per_day) })}
        </text>
      </svg>
      <p className={charts.note}>{t('tuning.effort.axisNote', { name })}</p>
      <details className={charts.tableToggle}>
        <summary>{t('tuning.effort.showTable')}</summary>
        <table className={charts.table}>
          <caption className="visually-hidden">{t('tuning.effort.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tuning.effort.retention')}</th>
              <th scope="col">{t('tuning.effort.reviews')}</th>
              <th scope="col">{t('tuning.effort.remembered', { days })}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.retention} aria-current={p === here ? 'true' : undefined}>
                <th scope="row">
                  {p === here
                    ? t('tuning.effort.chosenRow', { value: pct(p.retention) })
                    : t('tuning.effort.percent', { value: pct(p.retention) })}
                </th>
                <td>{round(p.reviews_per_day)}</td>
                <td>{Math.round(p.remembered)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
