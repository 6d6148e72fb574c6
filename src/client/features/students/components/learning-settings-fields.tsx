import { useId, useState, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_GRADING_MODE,
  DEFAULT_NEW_PER_DAY,
  DEFAULT_RETENTION,
  DEFAULT_REVIEWS_PER_DAY,
  NEW_PER_DAY_MAX,
  NEW_PER_DAY_MIN,
  RETENTION_MAX,
  RETENTION_MIN,
  REVIEWS_PER_DAY_MAX,
  REVIEWS_PER_DAY_MIN,
  type GradingMode,
} from '@shared/constants';
import type { LearningSettings } from '@shared/schemas/review';
import { TextField } from '@client/components/ui/field';
import { RadioCards } from '@client/components/ui/radio-cards';
import uiStyles from '@client/components/ui/ui.module.css';
import styles from './learning-settings.module.css';

const percent = (fraction: number) => Math.round(fraction * 100);
/** Number inputs give '' when empty: NaN then, which the schema refuses ("Enter a number") rather than leaving the setting as it was. */
const numberFromInput = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

/** The form's starting values: the student's settings, or the defaults for a new student. */
export function learningSettingsOf(student?: LearningSettings): LearningSettings {
  return {
    desired_retention: student?.desired_retention ?? DEFAULT_RETENTION,
    new_per_day: student?.new_per_day ?? DEFAULT_NEW_PER_DAY,
    max_reviews_per_day: student?.max_reviews_per_day ?? DEFAULT_REVIEWS_PER_DAY,
    grading: student?.grading ?? DEFAULT_GRADING_MODE,
  };
}

/**
 * "Learning settings" of the student form, in plain words for parents: how much the child should
 * remember (desired retention, as a percentage), new cards and most reviews per day, and simple
 * or detailed answer buttons. Folded away until opened, and opened by any error inside it.
 */
export function LearningSettingsFields<T extends Partial<LearningSettings>>({
  form: anyForm,
  server,
  children,
}: {
  form: UseFormReturn<T>;
  /** Server field errors of the last failed submit. */
  server: Record<string, string>;
  /** Shown at the end of the section (an existing student's memory model and what each retention costs). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = anyForm as unknown as UseFormReturn<Partial<LearningSettings>>;
  const retentionId = useId();
  const [open, setOpen] = useState(false);
  const e = form.formState.errors;
  const errors = {
    desired_retention:
      e.desired_retention || server.desired_retention
        ? t('students.learning.retentionRange', { min: percent(RETENTION_MIN), max: percent(RETENTION_MAX) })
        : undefined,
    new_per_day: e.new_per_day?.message ?? server.new_per_day,
    max_reviews_per_day: e.max_reviews_per_day?.message ?? server.max_reviews_per_day,
    grading: e.grading?.message ?? server.grading,
  };
  const hasError = Object.values(errors).some(Boolean);

  return (
    <details className={styles.section} open={open || hasError} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.summary}>{t('students.learning.title')}</summary>
      <p className={`${uiStyles.hint} ${styles.intro}`}>{t('students.learning.intro')}</p>

      <Controller
        control={form.control}
        name="desired_retention"
        render={({ field }) => (
          <div className={uiStyles.field}>
            <label htmlFor={retentionId} className={uiStyles.label}>
              {t('students.learning.retention')}
            </label>
            <div className={styles.range}>
              <input
                id={retentionId}
                type="range"
                min={percent(RETENTION_MIN)}
                max={percent(RETENTION_MAX)}
                step={1}
                value={field.value === undefined ? percent(RETENTION_MIN) : percent(field.value)}
                aria-valuetext={t('students.learning.percent', { value: percent(field.value ?? RETENTION_MIN) })}
                aria-describedby={`${retentionId}-hint`}
                aria-invalid={errors.desired_retention ? true : undefined}
                onChange={(event) => field.onChange(Number(event.target.value) / 100)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
              <output htmlFor={retentionId} className={styles.value}>
                {t('students.learning.percent', { value: percent(field.value ?? RETENTION_MIN) })}
              </output>
            </div>
            <p id={`${retentionId}-hint`} className={uiStyles.hint}>
              {t('students.learning.retentionHint')}
            </p>
            {errors.desired_retention && (
              <p className={uiStyles.fieldError} role="alert">
                {errors.desired_retention}
              </p>
            )}
          </div>
        )}
      />

      <div className={styles.numbers}>
        <TextField
          label={t('students.learning.newPerDay')}
          hint={t('students.learning.newPerDayHint', { min: NEW_PER_DAY_MIN, max: NEW_PER_DAY_MAX })}
          type="number"
          inputMode="numeric"
          min={NEW_PER_DAY_MIN}
          max={NEW_PER_DAY_MAX}
          step={1}
          error={errors.new_per_day}
          {...form.register('new_per_day', { setValueAs: numberFromInput })}
        />
        <TextField
          label={t('students.learning.reviewsPerDay')}
          hint={t('students.learning.reviewsPerDayHint', { min: REVIEWS_PER_DAY_MIN, max: REVIEWS_PER_DAY_MAX })}
          type="number"
          inputMode="numeric"
          min={REVIEWS_PER_DAY_MIN}
          max={REVIEWS_PER_DAY_MAX}
          step={1}
          error={errors.max_reviews_per_day}
          {...form.register('max_reviews_per_day', { setValueAs: numberFromInput })}
        />
      </div>

      <Controller
        control={form.control}
        name="grading"
        render={({ field }) => (
          <RadioCards
            legend={t('students.learning.grading')}
            value={field.value ?? 'simple'}
            onChange={(value) => field.onChange(value as GradingMode)}
            options={[
              {
                value: 'simple',
                label: t('students.learning.simple'),
                description: t('students.learning.simpleHint'),
              },
              {
                value: 'detailed',
                label: t('students.learning.detailed'),
                description: t('students.learning.detailedHint'),
              },
            ]}
          />
        )}
      />
      {errors.grading && (
        <p className={uiStyles.fieldError} role="alert">
          {errors.grading}
        </p>
      )}
      {children}
    </details>
  );
}
