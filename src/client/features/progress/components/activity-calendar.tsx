import { scaleQuantize } from 'd3-scale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoryStatistics } from '@shared/schemas/review';
import { calendarCells, formatDay, monthName, type CalendarCell } from './chart-days';
import { currentLanguage } from './format';
import { TableToggle } from '@client/components/ui/table-toggle';
import chart from '@client/components/ui/chart.module.css';
import styles from './charts.module.css';

const CELL = 18;
const STEP = 22;
const LEFT = 30;
const TOP = 18;
const LEVELS = 4;

/** The weeks where a month begins (its name goes above), the first week's month unless the next begins right after. */
function monthLabels(cells: readonly CalendarCell<{ date: string }>[]) {
  const labels: { column: number; date: string }[] = [];
  for (const { item, column } of cells) {
    const month = item.date.slice(0, 7);
    if (labels.length === 0 || labels[labels.length - 1]!.date.slice(0, 7) !== month)
      labels.push({ column, date: item.date });
  }
  return labels.length > 1 && labels[1]!.column <= 1 ? labels.slice(1) : labels;
}

/**
 * Reviews per day over the last ACTIVITY_DAYS days (12 weeks) as a calendar, one column per week,
 * darker for busier days (like GitHub's and Anki's), and the active days as a table.
 */
export function ActivityCalendar({ activity }: { activity: MemoryStatistics['activity'] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n.language);
  const captionId = useId();
  const { cells, columns, rowNames } = calendarCells(activity, lang);
  const max = Math.max(1, ...activity.map((d) => d.reviews));
  // Days with reviews share LEVELS shades, split evenly between one review and the busiest day.
  const level = scaleQuantize<number>()
    .domain([1, Math.max(2, max)])
    .range(Array.from({ length: LEVELS }, (_, i) => i + 1));
  const shade = (reviews: number) => (reviews === 0 ? styles.level0 : styles[`level${level(reviews)}`]);
  const width = LEFT + columns * STEP;
  const height = TOP + 7 * STEP;
  const active = activity.filter((d) => d.reviews > 0);
  const total = active.reduce((sum, d) => sum + d.reviews, 0);
  const last = activity.length - 1;

  return (
    <figure className={chart.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={chart.caption}>
        {t('progress.memory.activity.title')}
      </figcaption>
      <svg
        className={chart.chart}
        style={{ maxWidth: width * 1.6 }}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('progress.memory.activity.summary', { count: total, days: active.length })}
      >
        {rowNames.map((name, row) =>
          row % 2 === 1 ? (
            <text
              key={name}
              className={chart.axis}
              x={LEFT - 6}
              y={TOP + row * STEP + CELL / 2}
              dy="0.32em"
              textAnchor="end"
            >
              {name}
            </text>
          ) : null,
        )}
        {monthLabels(cells).map(({ column, date }) => (
          <text key={date} className={chart.axis} x={LEFT + column * STEP} y={TOP - 6}>
            {monthName(date, lang)}
          </text>
        ))}
        {cells.map(({ item, column, row }, i) => (
          <rect
            key={item.date}
            className={`${shade(item.reviews)} ${i === last ? styles.todayCell : ''}`}
            x={LEFT + column * STEP}
            y={TOP + row * STEP}
            width={CELL}
            height={CELL}
            rx={4}
          />
        ))}
      </svg>
      <p className={styles.legend} aria-hidden="true">
        {t('progress.memory.activity.less')}
        {[0, 1, 2, 3, 4].map((l) => (
          <svg key={l} width="14" height="14" viewBox="0 0 14 14">
            <rect className={styles[`level${l}`]} width="14" height="14" rx="3" />
          </svg>
        ))}
        {t('progress.memory.activity.more')}
      </p>
      <TableToggle summary={t('progress.memory.showTable')}>
        {() =>
          active.length === 0 ? (
            <p>{t('progress.memory.activity.none')}</p>
          ) : (
            <>
              <table className={chart.table}>
                <caption className="visually-hidden">{t('progress.memory.activity.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('progress.memory.date')}</th>
                    <th scope="col">{t('progress.memory.activity.reviews')}</th>
                    <th scope="col">{t('progress.memory.activity.remembered')}</th>
                  </tr>
                </thead>
                <tbody>
                  {active.map((d) => (
                    <tr key={d.date}>
                      <th scope="row">{formatDay(d.date, lang)}</th>
                      <td>{d.reviews}</td>
                      <td>{d.correct}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className={chart.note}>{t('progress.memory.activity.onlyActive')}</p>
            </>
          )
        }
      </TableToggle>
    </figure>
  );
}
