import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A schedule fitted to each child (issue 26): the parameters in use per student (no row: the
 * defaults), and the tuning jobs, which are also the record of every evaluation. A job is claimed
 * by one instance with an atomic update; at most one job per student waits or runs (partial
 * unique index), so a second request is refused and the weekly run never doubles one.
 */
export function studentSchedulesMigration(dialect: Dialect) {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('student_schedules')
        .addColumn('student_id', 'integer', (c) => c.primaryKey().references('students.id').onDelete('cascade'))
        // JSON array of the 21 FSRS-6 parameters, checked finite and within bounds before saving.
        .addColumn('parameters', 'text', (c) => c.notNull())
        .addColumn('tuned_at', 'text', (c) => c.notNull())
        .addColumn('reviews_used', 'integer', (c) => c.notNull())
        .addColumn('tuning_id', 'integer', (c) => c.notNull())
        .execute();

      await (
        dialect === 'postgres'
          ? db.schema.createTable('schedule_tunings').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('schedule_tunings').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        // queued → running → done | refused | failed
        .addColumn('status', 'text', (c) => c.notNull())
        // manual | weekly
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('claimed_by', 'text')
        // How many answers the log held when the job ran (the weekly run waits for enough new ones).
        .addColumn('log_reviews', 'integer')
        .addColumn('reviews_used', 'integer')
        .addColumn('held_out_reviews', 'integer')
        .addColumn('log_loss_default', real)
        .addColumn('log_loss_tuned', real)
        .addColumn('rmse_bins_default', real)
        .addColumn('rmse_bins_tuned', real)
        .addColumn('parameters', 'text')
        .addColumn('calibration', 'text')
        .addColumn('kept', 'integer')
        .addColumn('reason', 'text')
        .execute();
      await db.schema
        .createIndex('schedule_tunings_student')
        .on('schedule_tunings')
        .columns(['student_id', 'id'])
        .execute();
      await db.schema
        .createIndex('schedule_tunings_queue')
        .on('schedule_tunings')
        .columns(['status', 'requested_at'])
        .execute();
      await db.schema
        .createIndex('schedule_tunings_one_open')
        .on('schedule_tunings')
        .column('student_id')
        .unique()
        .where(sql.ref('status'), 'in', ['queued', 'running'])
        .execute();
    },
  };
}
