import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardsFromMemory, EFFORT_DAYS, type EffortInput } from '@shared/effort-simulation';
import { DEFAULT_PARAMETERS, TUNE_MIN_DAYS, TUNE_MIN_REVIEWS } from '@shared/schedule';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/feedback';
import { notify } from '@client/components/ui/toasts';
import { ApiRequestError } from '@client/lib/api-client';
import { errorText } from '@client/lib/errors';
import { tuningUnderWay, useResetSchedule, useSchedule, useStudyState, useTune } from '../api/schedule-api';
import { useTuningStrings } from '../strings';
import { useEffort } from '../use-effort';
import { EffortChart, formatReviews } from './effort-chart';
import styles from './schedule.module.css';

/** What the learning settings give the tuning section: the student and the settings as they stand in the form. */
export interface TuningSettingsProps {
  student: { id: number; name: string };
  /** The desired retention chosen in the form (0.80–0.97), not yet saved. */
  retention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
}

/**
 * The student's memory model in their learning settings (issue 26): "Tune to {name}'s answers"
 * (followed until it ends), "Go back to the standard model", and what each desired retention
 * would cost them in reviews per day, simulated on this device with their model and cards.
 */
export function TuningSettings({ student, retention, newPerDay, maxReviewsPerDay }: TuningSettingsProps) {
  useTuningStrings();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const name = student.name;
  const schedule = useSchedule(student.id);
  const tune = useTune(student.id);
  const reset = useResetSchedule(student.id);
  const [confirmReset, setConfirmReset] = useState(false);
  const running = tuningUnderWay(schedule.data) || tune.isPending;
  const tuned = Boolean(schedule.data?.tuned_at);
  const limits = { reviews: TUNE_MIN_REVIEWS, days: TUNE_MIN_DAYS, name };

  const tuneError = (() => {
    const err = tune.error;
    if (!err) return null;
    if (err instanceof ApiRequestError && err.status === 409) return t('tuning.tune.alreadyRunning', { name });
    if (err instanceof ApiRequestError && err.status === 422) return t('tuning.tune.tooFew', limits);
    return errorText(err, t('tuning.tune.failed'));
  })();

  const last = schedule.data?.tuning;
  const lastResult =
    !last || running
      ? null
      : last.status === 'refused'
        ? t('tuning.tune.lastRefused', limits)
        : last.status === 'failed'
          ? t('tuning.tune.lastFailed')
          : last.status === 'done'
            ? last.kept
              ? t('tuning.tune.lastKept', { name })
              : t('tuning.tune.lastNotKept', { name })
            : null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('tuning.tune.title', { name })}</h3>
      <p>{t('tuning.tune.intro', { name })}</p>
      <div aria-live="polite" className={styles.status}>
        {running ? (
          <Spinner label={t('tuning.tune.running')} />
        ) : (
          schedule.data && (
            <span>
              {tuned
                ? t('tuning.predict.tuned', {
                    name,
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                      new Date(schedule.data.tuned_at!),
                    ),
                  })
                : t('tuning.predict.standard', { name })}{' '}
              {lastResult}
            </span>
          )
        )}
      </div>
      {tuneError && (
        <p className={styles.error} role="alert">
          {tuneError}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="primary" disabled={running || !schedule.data} onClick={() => tune.mutate()}>
          {t('tuning.tune.button', { name })}
        </Button>
        {tuned && (
          <Button disabled={running} onClick={() => setConfirmReset(true)}>
            {t('tuning.tune.reset')}
          </Button>
        )}
      </div>
      <Effort
        studentId={student.id}
        name={name}
        parameters={schedule.data?.parameters ?? null}
        retention={retention}
        newPerDay={newPerDay}
        maxReviewsPerDay={maxReviewsPerDay}
      />
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={(open) => {
          setConfirmReset(open);
          if (!open) reset.reset();
        }}
        title={t('tuning.tune.resetTitle')}
        message={t('tuning.tune.resetMessage', { name })}
        confirmLabel={t('tuning.tune.resetConfirm')}
        pending={reset.isPending}
        error={reset.error ? errorText(reset.error, t('tuning.tune.resetFailed')) : null}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirmReset(false);
              notify(t('tuning.tune.resetDone', { name }));
            },
          })
        }
      />
    </section>
  );
}

function Effort({
  studentId,
  name,
  parameters,
  retention,
  newPerDay,
  maxReviewsPerDay,
}: {
  studentId: number;
  name: string;
  parameters: number[] | null;
  retention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
}) {
  const { t, i18n } = useTranslation();
  const state = useStudyState(studentId);
  const valid = Number.isFinite(newPerDay) && Number.isFinite(maxReviewsPerDay);
  const input = useMemo<EffortInput | null>(() => {
    if (!state.data || !parameters || !valid) return null;
    return {
      parameters: parameters ?? DEFAULT_PARAMETERS,
      cards: cardsFromMemory(state.data.memory.states, Date.now()),
      new_cards: state.data.newCards,
      new_per_day: newPerDay,
      max_reviews_per_day: maxReviewsPerDay,
      days: EFFORT_DAYS,
    };
  }, [state.data, parameters, valid, newPerDay, maxReviewsPerDay]);
  const effort = useEffort(input);
  const empty = input !== null && input.cards.length === 0 && (input.new_cards === 0 || input.new_per_day === 0);
  const here =
    effort.status === 'done'
      ? effort.points.reduce((best, p) =>
          Math.abs(p.retention - retention) < Math.abs(best.retention - retention) ? p : best,
        )
      : null;

  return (
    <div className={styles.section}>
      <p>{t('tuning.effort.intro', { days: EFFORT_DAYS, name })}</p>
      {state.error ? (
        <p className={styles.error}>{errorText(state.error, t('tuning.effort.failed'))}</p>
      ) : empty ? (
        <p>{t('tuning.effort.noCards', { name })}</p>
      ) : effort.status === 'failed' ? (
        <p className={styles.error}>{t('tuning.effort.failed')}</p>
      ) : effort.status === 'done' && here ? (
        <>
          <p aria-live="polite">
            {t('tuning.effort.summary', {
              name,
              retention: Math.round(here.retention * 100),
              reviews: formatReviews(here.reviews_per_day, i18n.language),
              newPerDay,
            })}
          </p>
          <EffortChart points={effort.points} chosen={retention} days={EFFORT_DAYS} name={name} />
        </>
      ) : (
        <Spinner label={t('tuning.effort.computing')} />
      )}
    </div>
  );
}
