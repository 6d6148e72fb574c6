import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The column names a table has now, on either database (migrations check what they find before changing it). */
export async function tableColumns(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows
      : (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = ${table} and table_schema = current_schema()`.execute(db)
        ).rows;
  return rows.map((r) => r.name);
}
