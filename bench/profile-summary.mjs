// Summarises a V8 CPU profile (from BENCH_PROFILE=1 or node --cpu-prof): self time by package or
// file, the heaviest functions, and the inclusive time of functions named in INCLUSIVE (comma list).
// Usage: [INCLUSIVE=loadSession,compile] node bench/profile-summary.mjs <file.cpuprofile> [top]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
// timeDeltas[i] is the time before samples[i]: attribute it to that sample's node.
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url) {
  if (!url) return '(native/v8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
}
const groups = new Map();
const fns = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  if (['(idle)', '(program)', '(garbage collector)'].includes(cf.functionName)) {
    groups.set(cf.functionName, (groups.get(cf.functionName) ?? 0) + t);
    continue;
  }
  const g = where(cf.url);
  groups.set(g, (groups.get(g) ?? 0) + t);
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf.url)}:${cf.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`Total ${(total / 1e6).toFixed(2)} s sampled\n\nSelf time by package / file:`);
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${g}`);
console.log('\nHeaviest functions (self time):');
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${f}`);

const names = (process.env.INCLUSIVE ?? '').split(',').filter(Boolean);
if (names.length) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const busy = [...self].filter(
    ([id]) => !['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id).callFrame.functionName),
  );
  const busyTotal = busy.reduce((a, [, t]) => a + t, 0);
  console.log('\nInclusive time (share of busy time):');
  for (const name of names) {
    let t = 0;
    for (const [id, dt] of busy) {
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        if (byId.get(cur).callFrame.functionName === name) {
          t += dt;
          break;
        }
      }
    }
    console.log(`${((t / busyTotal) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}
