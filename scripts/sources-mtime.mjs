// When the app's sources last changed: `npm start` and `npm run bench` rebuild a build older than this.
import fs from 'node:fs';
import path from 'node:path';

/** Everything a build is made from. */
const SOURCES = [
  'src',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/build-sw.mjs',
  'tsconfig.json',
];

/** Newest modification time under `entry` (tests excluded), 0 when missing. */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (!/\.test\.tsx?$/.test(name)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Newest modification time of the sources a build is made from. */
export const newestSourceMtime = () => Math.max(...SOURCES.map(newestMtime));
