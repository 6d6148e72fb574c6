// Its own script in index.html, loaded beside the app's code: see lib/early-reads.ts.
import { startEarlyReads } from './lib/early-reads';

startEarlyReads();
