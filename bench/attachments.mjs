// Attachment throughput under a real `feedback-board serve` (dist/), on SQLite and on PostgreSQL (a
// throwaway cluster, or FEEDBACK_BOARD_TEST_PG_URL): PNGs of 100 KiB, 1 MiB and 5 MiB (random
// pixels, so they do not compress) uploaded through the dashboard's multipart comment form by a
// signed-in team member, then served (GET of the attachment URL the API gives), at concurrency 1
// and 8, in MiB/s, with the server's peak resident memory during each run. Thumbnails with `sharp`
// (made on first request, then kept) and without it (a serve where `sharp` cannot be imported:
// the thumbnail path answers the original).
//
// The floor, in the same run and with the same client: a plain `node:http` server that reads each
// upload's body into memory and writes the same image bytes from memory (peers/bytes-server.mjs).
//
// BENCH_ATTACH_MIB (default 24) sets how many MiB each upload run sends; GET runs read twice that.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { failuresText, getBytes, lineOf, residentMiB, run, Session, startChild, stopChild, withPeakRss } from './attachments-http.mjs';

const MIB = 1024 * 1024;
const TARGET = Number(process.env.BENCH_ATTACH_MIB ?? 24) * MIB;
const LIMIT = 5 * MIB; // the default largest attachment
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const NO_SHARP = resolve(import.meta.dirname, 'peers/no-sharp.mjs');
const FLOOR = resolve(import.meta.dirname, 'peers/bytes-server.mjs');
const CONCURRENCIES = [1, 8];

/** A PNG of random pixels of about `bytes` bytes, at most the attachment limit. */
async function noisePng(bytes) {
  for (let side = Math.floor(Math.sqrt(bytes / 3)); ; side -= 4) {
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
    const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
    if (png.length <= Math.min(bytes * 1.02, LIMIT)) return new Uint8Array(png);
  }
}

const mibps = (bytes, seconds) => (bytes / MIB / seconds).toFixed(1);
const countFor = (size, concurrency, factor = 1) => Math.max(2 * concurrency, Math.ceil((TARGET * factor) / size));

const files = mkdtempSync(join(tmpdir(), 'fb-bench-attachments-'));
const images = [];
for (const [name, bytes] of [['100 KiB', 100 * 1024], ['1 MiB', MIB], ['5 MiB', LIMIT]]) {
  const png = await noisePng(bytes);
  const path = join(files, `${images.length}.png`);
  writeFileSync(path, png);
  images.push({ name, png, path });
}

/** Upload and GET throughput of the floor server for one image and concurrency, in MiB/s. */
async function floorCell(floor, index, concurrency) {
  const image = images[index];
  const upload = async () => {
    const form = new FormData();
    form.append('csrf', 'x'.repeat(43));
    form.append('body', 'Image');
    form.append('images', new Blob([image.png], { type: 'image/png' }), 'noise.png');
    const answer = await fetch(`${floor.url}/upload`, { method: 'POST', body: form, redirect: 'manual' });
    await answer.arrayBuffer();
  };
  await run(concurrency, concurrency, upload); // warm-up
  const uploads = countFor(image.png.length, concurrency);
  const up = await run(uploads, concurrency, upload);
  const get = () => getBytes(`${floor.url}/files/${index}`, image.png.length);
  await run(concurrency, concurrency, get); // warm-up
  const gets = countFor(image.png.length, concurrency, 2);
  const down = await run(gets, concurrency, get);
  return { up: (uploads * image.png.length) / MIB / up, down: (gets * image.png.length) / MIB / down };
}

/** A signed-in team session on `server`, its write key, and a new post of the demo board to comment on. */
async function teamOn(server) {
  const key = (await lineOf(server, /^write key:\s+(\S+)$/))[1];
  const link = (await lineOf(server, /^team sign-in: (\S+)$/))[1];
  const session = new Session(server.url);
  await session.signInTeam(link);
  const api = async (method, path, body) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return response.json();
  };
  const newPost = async (title) => {
    const post = await api('POST', '/boards/demo/posts', { title });
    await session.request('GET', `/dashboard/posts/${post.id}`);
    return post.id;
  };
  const attachmentUrls = async (postId) =>
    (await api('GET', `/boards/demo/posts/${postId}/comments`)).comments.flatMap((comment) => comment.attachments.map((a) => a.url));
  return { session, newPost, attachmentUrls };
}

/** Upload and GET throughput, and thumbnails with sharp, on one serve over `db`; the URLs uploaded per image. */
async function measureServe(db, label, floor) {
  const server = await startChild([CLI, 'serve', '--port', '0', '--db', db, '--rate-limit', 'off', '--log', 'off']);
  const urls = images.map(() => []);
  try {
    const team = await teamOn(server);
    console.log(`\n## attachments on ${label}: upload (dashboard form) and GET, MiB/s (floor: node:http from memory)\n`);
    console.log('| image | concurrency | upload | refused (408/429) | floor | serve/floor | GET | failed | floor | serve/floor | peak RSS MiB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [index, image] of images.entries()) {
      for (const concurrency of CONCURRENCIES) {
        // The floor's figures just before, so that both sides meet the same load on the machine.
        const base = await floorCell(floor, index, concurrency);
        const postId = await team.newPost(`Attachments ${image.name} × ${concurrency}`);
        const uploads = countFor(image.png.length, concurrency);
        let refused = 0;
        const upload = (post) => async (i) => {
          if (!(await team.session.uploadTeamComment(post, `noise-${i}.png`, image.png))) refused += 1;
        };
        await run(concurrency, concurrency, upload(await team.newPost(`Warm-up ${image.name} × ${concurrency}`)));
        refused = 0;
        const up = await withPeakRss(server.child.pid, () => run(uploads, concurrency, upload(postId)));
        const served = await team.attachmentUrls(postId);
        if (served.length !== uploads - refused) throw new Error(`${uploads - refused} uploads stored, ${served.length} attachments`);
        urls[index].push(...served);
        const gets = countFor(image.png.length, concurrency, 2);
        const failures = new Map();
        const get = (i) => getBytes(served[i % served.length], image.png.length, failures);
        await run(concurrency, concurrency, get); // warm-up
        failures.clear();
        const down = await withPeakRss(server.child.pid, () => run(gets, concurrency, get));
        const upRate = ((uploads - refused) * image.png.length) / MIB / up.result;
        const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
        const downRate = ((gets - failed) * image.png.length) / MIB / down.result;
        console.log(
          `| ${image.name} | ${concurrency} | ${upRate.toFixed(1)} | ${refused}/${uploads} | ${base.up.toFixed(1)} | ${(upRate / base.up).toFixed(2)} | ${downRate.toFixed(1)} | ${failuresText(failures)} | ${base.down.toFixed(1)} | ${(downRate / base.down).toFixed(2)} | ${Math.max(up.peak, down.peak).toFixed(0)} |`,
        );
      }
    }
    console.log(`\nthumbnails with sharp (320 px WebP): first request makes it, later ones are kept (the last 64)\n`);
    console.log('| image | concurrency | first: requests/s | source MiB/s | kept: requests/s | failed | peak RSS MiB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [index, image] of images.entries()) {
      const thumbnails = urls[index].map((url) => url.replace(/\.png$/, '/thumbnail.webp'));
      for (const concurrency of CONCURRENCIES) {
        // Each run makes thumbnails of images not asked for before; at most 32, so the warm run's stay kept.
        const fresh = thumbnails.splice(0, Math.min(32, countFor(image.png.length, concurrency) / 2));
        const failures = new Map();
        const first = await withPeakRss(server.child.pid, () => run(fresh.length, concurrency, (i) => getBytes(fresh[i], undefined, failures)));
        const repeats = fresh.length * 20;
        const kept = await withPeakRss(server.child.pid, () => run(repeats, concurrency, (i) => getBytes(fresh[i % fresh.length], undefined, failures)));
        console.log(
          `| ${image.name} | ${concurrency} | ${(fresh.length / first.result).toFixed(1)} | ${mibps(fresh.length * image.png.length, first.result)} | ${(repeats / kept.result).toFixed(0)} | ${failuresText(failures)} | ${Math.max(first.peak, kept.peak).toFixed(0)} |`,
        );
      }
    }
    console.log(`\npeak RSS of serve over the whole run: ${residentMiB(server.child.pid, 'VmHWM').toFixed(0)} MiB`);
  } finally {
    await stopChild(server);
  }
  return urls;
}

/** The thumbnail path on a serve where sharp cannot be loaded: the original, in MiB/s. */
async function measureWithoutSharp(db, urls) {
  const server = await startChild(['--import', NO_SHARP, CLI, 'serve', '--port', '0', '--db', db, '--rate-limit', 'off', '--log', 'off']);
  try {
    console.log('\nthumbnail path without sharp (answers the original), MiB/s\n');
    console.log('| image | concurrency | MiB/s | failed | peak RSS MiB |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [index, image] of images.entries()) {
      const thumbnails = urls[index].map((url) => new URL(url.replace(/\.png$/, '/thumbnail.webp')).pathname).map((path) => `${server.url}${path}`);
      for (const concurrency of CONCURRENCIES) {
        const gets = countFor(image.png.length, concurrency, 2);
        const failures = new Map();
        const down = await withPeakRss(server.child.pid, () => run(gets, concurrency, (i) => getBytes(thumbnails[i % thumbnails.length], image.png.length, failures)));
        const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
        console.log(`| ${image.name} | ${concurrency} | ${mibps((gets - failed) * image.png.length, down.result)} | ${failuresText(failures)} | ${down.peak.toFixed(0)} |`);
      }
    }
  } finally {
    await stopChild(server);
  }
}

const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
const floor = await startChild([FLOOR, ...images.map((image) => image.path)]);
try {
  console.log(`images: ${images.map((image) => `${image.name} = ${image.png.length} bytes`).join(', ')}`);
  const sqliteDb = join(files, 'attachments.db');
  await measureWithoutSharp(sqliteDb, await measureServe(sqliteDb, 'SQLite', floor));

  const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const dbName = `fb_bench_attachments_${process.pid}`;
  await setup.query(`CREATE DATABASE ${dbName}`);
  const pgUrl = new URL(admin);
  pgUrl.pathname = `/${dbName}`;
  try {
    await measureWithoutSharp(pgUrl.toString(), await measureServe(pgUrl.toString(), 'PostgreSQL', floor));
  } finally {
    await setup.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await setup.end();
  }
} finally {
  await stopChild(floor);
  cluster?.stop();
  rmSync(files, { recursive: true, force: true });
}
