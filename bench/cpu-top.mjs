// Prints the functions with the most self time in a V8 CPU profile (`node --cpu-prof`):
// `node bench/cpu-top.mjs file.cpuprofile [count]`. Self time is the samples whose top frame is
// the function, so the list says where the time goes, not who called it.
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (const id of profile.samples) {
  const { callFrame: f } = byId.get(id);
  const where = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(where, (self.get(where) ?? 0) + 1);
}
const total = profile.samples.length;
console.log(`${total} samples`);
for (const [where, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${((100 * n) / total).toFixed(1).padStart(5)}%  ${where}`);
}
