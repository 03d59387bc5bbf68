import http from 'node:http';
import { it } from 'vitest';
import { listen as listenNew } from '../src/node/listen.js';
import { listen as listenOld } from '../../../../tmp/sec-base/src/node/listen.js';

const handler = async () => new Response('{"id":1,"title":"One post"}', { headers: { 'content-type': 'application/json' } });

async function drive(port: number, ms: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const end = performance.now() + ms;
  let done = 0;
  const loop = async () => {
    while (performance.now() < end) {
      await new Promise<void>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/api/v1/boards/work/posts/1', agent }, (res) => { res.resume(); res.on('end', () => resolve()); }).on('error', reject);
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: 16 }, loop));
  agent.destroy();
  return done / (ms / 1000);
}

it('GET through the guard: main vs this branch, alternated', async () => {
  const old = await listenOld(handler, { port: 0 });
  const now = await listenNew(handler, { port: 0 });
  await drive(old.port, 500); await drive(now.port, 500);
  const a: number[] = [], b: number[] = [], r: number[] = [];
  for (let round = 0; round < 30; round++) {
    const x = await drive(old.port, 400);
    const y = await drive(now.port, 400);
    a.push(x); b.push(y); r.push(y / x);
  }
  const med = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)]!;
  const q = (v: number[], f: number) => [...v].sort((p, q) => p - q)[Math.floor(v.length * f)]!;
  console.log('GETBENCH main median', med(a).toFixed(0), 'req/s; branch median', med(b).toFixed(0), 'req/s; ratio branch/main median', med(r).toFixed(3), 'p25', q(r, 0.25).toFixed(3), 'p75', q(r, 0.75).toFixed(3));
  await old.close(); await now.close();
}, 120_000);
