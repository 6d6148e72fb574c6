// Browser tests need a Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, installed with apt
// when we are root and it is missing; otherwise stop with a clear message.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!fs.existsSync(wanted)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROME_PATH && isRoot) {
    console.log("Chromium is missing; installing Debian's chromium package...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  }
  if (!fs.existsSync(wanted)) {
    console.error(
      `Browser tests need Chromium at ${wanted}. Install it (Debian: apt-get install chromium) or set CHROME_PATH.`,
    );
    process.exit(1);
  }
}
