import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm 11 runs a dependency's install scripts only when package.json's `allowScripts` names it (and a
// later npm refuses the rest): better-sqlite3 must compile, esbuild and unrs-resolver fetch their
// binaries, and each platform's FFmpeg binary must be made executable, on whatever machine installs it.
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

describe('package.json allowScripts', () => {
  it('names every locked package that has an install script, on every platform', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .sort();
    expect(withScripts).toContain('better-sqlite3');
    const allowed = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    expect(withScripts.filter((name) => allowed[name] !== true)).toEqual([]);
  });
});
