// Prints the functions with the most self time in a V8 CPU profile (`node --cpu-prof`):
// `node bench/cpu-top.mjs file.cpuprofile [count] [--last S] [--callers NAME]`. Self time is the
// samples whose top frame is the function, so the list says where the time goes, not who called
// it. `--last S` keeps the last S seconds only (a server under load, not its start); `--callers
// NAME` prints instead the share of the samples under each chain of callers of functions named NAME.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { last: { type: 'string', default: 'Infinity' }, callers: { type: 'string' } } });
const [file, count = '25'] = positionals;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const name = (f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;

// Samples of the last --last seconds (timeDeltas are microseconds between samples).
const samples = [];
const from = profile.endTime - Number(values.last) * 1e6;
let t = profile.startTime;
for (const [i, id] of profile.samples.entries()) {
  t += profile.timeDeltas[i];
  if (t >= from) samples.push(id);
}
const counts = new Map();
for (const id of samples) {
  let key;
  if (values.callers === undefined) key = name(byId.get(id).callFrame);
  else {
    const chain = [];
    for (let at = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at).callFrame);
    const hit = chain.findIndex((f) => f.functionName === values.callers);
    if (hit < 0) continue;
    key = chain.slice(hit, hit + 6).map((f) => f.functionName || '(anonymous)').join(' < ');
  }
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
const total = samples.length;
console.log(`${total} samples`);
for (const [where, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${where}`);
}
