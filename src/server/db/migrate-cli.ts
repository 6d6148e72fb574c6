import { loadConfig } from '../config';
import { migrate, openDatabase } from './database';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const db = openDatabase(config.database);
await migrate(db);
await db.close();
console.log(`Database is up to date (${db.dialect}).`);
