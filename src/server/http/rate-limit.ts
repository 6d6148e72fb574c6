/** At most `max` attempts per `windowMs` (counters live in the database: features/limits). */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}
