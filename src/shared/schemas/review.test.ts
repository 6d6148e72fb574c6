import { describe, expect, it } from 'vitest';
import { learningSettingsInputSchema, reviewFieldsSchema, reviewQuerySchema } from './review';

describe('reviewQuerySchema', () => {
  it('takes a deck id and an IANA time zone, UTC by default', () => {
    expect(reviewQuerySchema.parse({ deck_id: '12', tz: 'Europe/Madrid' })).toEqual({
      deck_id: 12,
      tz: 'Europe/Madrid',
    });
    expect(reviewQuerySchema.parse({})).toEqual({ tz: 'UTC' });
  });

  it('refuses an unknown time zone or a bad deck id', () => {
    for (const query of [{ tz: 'Mars/Olympus' }, { tz: '+02:00' }, { deck_id: '0' }, { deck_id: 'x' }]) {
      expect(reviewQuerySchema.safeParse(query).success).toBe(false);
    }
  });
});

describe('reviewFieldsSchema', () => {
  it('takes a rating, an ISO time with offset and a duration, each optional', () => {
    expect(reviewFieldsSchema.parse({})).toEqual({});
    expect(
      reviewFieldsSchema.parse({ rating: 'hard', reviewed_at: '2025-01-15T23:30:00+01:00', duration_ms: 1500 }),
    ).toEqual({ rating: 'hard', reviewed_at: '2025-01-15T23:30:00+01:00', duration_ms: 1500 });
  });

  it('refuses other ratings, times that are not ISO and odd durations', () => {
    for (const fields of [
      { rating: 'medium' },
      { rating: 3 },
      { reviewed_at: 'yesterday' },
      { reviewed_at: '2025-01-15' },
      { reviewed_at: 1736983800000 },
      { duration_ms: -1 },
      { duration_ms: 1.5 },
      { duration_ms: 3_600_001 },
    ]) {
      expect(reviewFieldsSchema.safeParse(fields).success).toBe(false);
    }
  });
});

describe('learningSettingsInputSchema', () => {
  it('takes the settings within their bounds, each optional', () => {
    const all = { desired_retention: 0.8, new_per_day: 0, max_reviews_per_day: 500, grading: 'detailed' };
    expect(learningSettingsInputSchema.parse(all)).toEqual(all);
    expect(learningSettingsInputSchema.parse({ desired_retention: 0.97 })).toEqual({ desired_retention: 0.97 });
    expect(learningSettingsInputSchema.parse({})).toEqual({});
  });

  it('refuses values out of bounds', () => {
    for (const input of [
      { desired_retention: 0.79 },
      { desired_retention: 0.98 },
      { new_per_day: 101 },
      { new_per_day: 2.5 },
      { max_reviews_per_day: 9 },
      { max_reviews_per_day: 501 },
      { grading: 'expert' },
    ]) {
      expect(learningSettingsInputSchema.safeParse(input).success).toBe(false);
    }
  });
});
