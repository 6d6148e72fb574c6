// `npm start`: builds the client and server when sources are newer than the build, then serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const stamp = 'dist/.build-stamp';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

const sources = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs', 'tsconfig.json'];
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (!fs.existsSync('dist/server/index.js') || Math.max(...sources.map(newestMtime)) > built) {
  console.log('Building the app...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

// Replace this process's work with the server, passing signals through.
const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
