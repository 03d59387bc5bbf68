// `node bench/new-database.mjs <rev> [--rounds N] [--opens N]`: how long opening a new database
// takes, this working tree against commit `<rev>` (both built as bench:compare builds them), in
// alternation: SQLite files, and IndexedDB (fake-indexeddb) databases, and PostgreSQL databases
// when FEEDBACK_BOARD_BENCH_PG_URL names a server (a superuser URL: each open is of a database
// created before the timing starts).
// A new database is made from the table declaration; an older tree replays every migration step.
// Each round runs each side in a child process of its own, the order swapping each round; the
// figures are milliseconds per open, the median of the rounds with their lowest and highest.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildRev, buildThisTree } from './compare/trees.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '5' }, opens: { type: 'string', default: '10' } },
});
if (positionals.length !== 1) throw new Error('Usage: node bench/new-database.mjs <rev> [--rounds N] [--opens N]');
const rounds = Number(values.rounds);
const opens = Number(values.opens);
const pgUrl = process.env.FEEDBACK_BOARD_BENCH_PG_URL;

// The child (run with `node -e`) prints { sqlite, indexeddb, postgres } in ms per open.
const CHILD = `
const [dist, opens, pgUrl] = process.argv.slice(1);
const { mkdtempSync, rmSync } = await import('node:fs');
const { join } = await import('node:path');
const { tmpdir } = await import('node:os');
const { createSqliteStorage } = await import(dist + '/adapters/sqlite/index.js');
const { createIndexedDbStorage } = await import(dist + '/adapters/indexeddb/index.js');
await import('fake-indexeddb/auto');
const { IDBFactory } = await import('fake-indexeddb');
const time = async (open) => { const start = performance.now(); for (let i = 0; i < Number(opens); i++) await open(i); return (performance.now() - start) / Number(opens); };
const dir = mkdtempSync(join(tmpdir(), 'fb-new-db-'));
const result = {};
result.sqlite = await time(async (i) => createSqliteStorage({ path: join(dir, i + '.db') }).close());
rmSync(dir, { recursive: true, force: true });
result.indexeddb = await time(async (i) => (await createIndexedDbStorage({ indexedDB: new IDBFactory(), name: 'b' + i })).close());
if (pgUrl) {
  const pg = (await import('pg')).default;
  const { createPostgresStorage } = await import(dist + '/adapters/postgres/index.js');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const names = [];
  const urls = [];
  for (let i = 0; i < Number(opens); i++) {
    const name = 'fb_bench_new_' + process.pid + '_' + i;
    names.push(name);
    await admin.query('CREATE DATABASE ' + name);
    const url = new URL(pgUrl); url.pathname = '/' + name;
    urls.push(url.toString());
  }
  result.postgres = await time(async (i) => (await createPostgresStorage({ connectionString: urls[i] })).close());
  for (const name of names) await admin.query('DROP DATABASE ' + name);
  await admin.end();
}
console.log(JSON.stringify(result));
`;

function runSide(tree) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', CHILD, tree.dist, String(opens), pgUrl ?? ''], {
    cwd: tree.dir,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const ours = buildThisTree();
const theirs = buildRev(positionals[0]);
const figures = { ours: [], theirs: [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
  for (const side of order) figures[side].push(runSide(side === 'ours' ? ours : theirs));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
console.log(`opens of a new database, ${opens} a round, ${rounds} rounds in alternation`);
for (const store of Object.keys(figures.ours[0])) {
  const a = figures.ours.map((f) => f[store]);
  const b = figures.theirs.map((f) => f[store]);
  const ratios = a.map((x, i) => b[i] / x);
  console.log(`${store.padEnd(10)} this tree ${fmt(a)}   ${positionals[0]} ${fmt(b)}   ${median(ratios).toFixed(2)}x faster (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
}
