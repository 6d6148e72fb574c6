// `npm start`: builds the client and server when sources are newer than the build, then serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { newestSourceMtime } from './sources-mtime.mjs';

const stamp = 'dist/.build-stamp';

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (!fs.existsSync('dist/server/index.js') || newestSourceMtime() > built) {
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
