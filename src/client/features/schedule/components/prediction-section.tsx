import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TUNE_MIN_DAYS, TUNE_MIN_REVIEWS } from '@shared/schedule';
import type { Schedule } from '@shared/schemas/schedule';
import { Alert, Spinner } from '@client/components/ui/feedback';
import { errorText } from '@client/lib/errors';
import charts from '@client/components/ui/chart.module.css';
import { useSchedule } from '../api/schedule-api';
import { checkSentence, predictionSentence } from '../prediction-words';
import { useTuningStrings } from '../strings';
import styles from './schedule.module.css';

const WIDTH = 320;
const HEIGHT = 200;
const M = { top: 14, right: 6, bottom: 40, left: 34 };
const pct = (x: number) => Math.round(x * 100);

/**
 * "How well we predict {name}'s memory" (issue 26) on the progress page: one plain sentence from
 * the calibration, the last check of tuned against standard, and the calibration itself as a chart
 * (what happened as bars, what we predicted as lines, answers under each) and as a table.
 */
export function PredictionSection({ studentId, name }: { studentId: number; name: string }) {
  useTuningStrings();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const schedule = useSchedule(studentId);
  const data = schedule.data;
  // Built only when a sentence needs one: a page's first formatter of a kind loads its locale
  // data, a long task on a phone (110 ms of the progress page's, 4× CPU, before).
  const number = (x: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(x);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('tuning.predict.title', { name })}</h2>
      {schedule.isPending ? (
        <Spinner />
      ) : schedule.error ? (
        <Alert>{errorText(schedule.error, t('tuning.predict.loadFailed'))}</Alert>
      ) : (
        <>
          <p>
            {data!.tuned_at
              ? t('tuning.predict.tuned', { name, date: date(data!.tuned_at) })
              : t('tuning.predict.standard', { name })}
          </p>
          <PlainSentence data={data!} name={name} />
          {(() => {
            const check = checkSentence(data!.evaluation);
            return (
              check && (
                <p>
                  {t(`tuning.predict.${check.key}`, {
                    name,
                    count: check.count,
                    tuned: number(check.tuned),
                    standard: number(check.standard),
                    percent: check.percent,
                  })}
                </p>
              )
            );
          })()}
          {data!.calibration.length > 0 && <CalibrationChart bins={data!.calibration} name={name} />}
        </>
      )}
    </section>
  );
}

function PlainSentence({ data, name }: { data: Schedule; name: string }) {
  const { t } = useTranslation();
  const s = predictionSentence(data.calibration);
  return (
    <p className={styles.plain}>
      {s.key === 'notYet'
        ? t('tuning.predict.notYet', { name, reviews: TUNE_MIN_REVIEWS, days: TUNE_MIN_DAYS })
        : t(`tuning.predict.${s.key}`, { name, count: s.count, actual: s.actual })}
    </p>
  );
}

/** Predicted against actual recall per bin: bars for what happened, a line across each for what we predicted. */
export function CalibrationChart({ bins, name }: { bins: Schedule['calibration']; name: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  const keys = bins.map((_, i) => String(i));
  const x = scaleBand<string>()
    .domain(keys)
    .range([M.left, WIDTH - M.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, 1])
    .range([HEIGHT - M.bottom, M.top]);
  const ticks = [0, 0.25, 0.5, 0.75, 1];

  return (
    <figure className={charts.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={charts.caption}>
        {t('tuning.predict.chartTitle')}
      </figcaption>
      <svg
        className={charts.chart}
        style={{ maxWidth: 640 }}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('tuning.predict.chartSummary', { bins: bins.length })}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={charts.grid} x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} />
            <text className={charts.axis} x={M.left - 5} y={y(tick)} dy="0.32em" textAnchor="end">
              {t('tuning.effort.percent', { value: pct(tick) })}
            </text>
          </g>
        ))}
        {bins.map((b, i) => {
          const left = x(String(i))!;
          const w = x.bandwidth();
          const mid = left + w / 2;
          return (
            <g key={i}>
              <rect className={charts.bar} x={left} y={y(b.actual)} width={w} height={y(0) - y(b.actual)} rx={2} />
              <line
                className={styles.predictedMark}
                x1={left - 3}
                x2={left + w + 3}
                y1={y(b.predicted)}
                y2={y(b.predicted)}
              />
              <text className={charts.axis} x={mid} y={HEIGHT - M.bottom + 14} textAnchor="middle">
                {pct(b.predicted)}
              </text>
              <text className={`${charts.axis} ${styles.count}`} x={mid} y={HEIGHT - M.bottom + 27} textAnchor="middle">
                {b.count}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend}>
        <li>
          <span className={styles.swatchBar} aria-hidden="true" />
          {t('tuning.predict.legendBar', { name })}
        </li>
        <li>
          <span className={styles.swatchLine} aria-hidden="true" />
          {t('tuning.predict.legendLine')}
        </li>
        <li>{t('tuning.predict.axisNote')}</li>
      </ul>
      <details className={charts.tableToggle}>
        <summary>{t('tuning.predict.showTable')}</summary>
        <table className={charts.table}>
          <caption className="visually-hidden">{t('tuning.predict.chartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tuning.predict.predicted')}</th>
              <th scope="col">{t('tuning.predict.actual')}</th>
              <th scope="col">{t('tuning.predict.answers')}</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b, i) => (
              <tr key={i}>
                <th scope="row">{t('tuning.effort.percent', { value: pct(b.predicted) })}</th>
                <td>{t('tuning.effort.percent', { value: pct(b.actual) })}</td>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
