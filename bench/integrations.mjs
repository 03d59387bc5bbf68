// Inbound integration deliveries, before any storage: checking a delivery (signature or token,
// delivery id, JSON body) and reading its event into intents, in microseconds per delivery, on
// the payloads the tests use: GitHub's own example pull request (`@octokit/webhooks-examples`,
// merged and closing a post, 25 KB), GitLab's documented merge request example (merged) and the
// Linear issue moved to Done.
//
// Per provider, four measures run in alternating rounds (so machine noise hits them alike):
// - "check": the inbound check alone (signature or token, delivery id, JSON parse);
// - "decide": reading the parsed event into intents alone;
// - "check + decide": the step an inbound endpoint runs before storage;
// - the provider's own helper doing the check and the parse, where there is one: GitHub's
//   `@octokit/webhooks-methods` verify (its Node build, node:crypto) plus JSON.parse, and the
//   Linear SDK's `LinearWebhookClient.parseData` (signature, timestamp, parse).
// Medians and the range of the rounds are printed, and the ratio of "check" to the helper.
//
// The code and the fixtures are bundled from source with esbuild (the integrations are not a
// published entry yet), so this runs without a build: `node bench/integrations.mjs`
// (BENCH_INTEGRATION_ROUNDS, BENCH_INTEGRATION_PER_ROUND).
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { sign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { LinearWebhookClient } from '@linear/sdk/webhooks';

const ROUNDS = Number(process.env.BENCH_INTEGRATION_ROUNDS ?? 12);
const PER_ROUND = Number(process.env.BENCH_INTEGRATION_PER_ROUND ?? 2_000);
const root = fileURLToPath(new URL('..', import.meta.url));

// One bundle of the integrations and the tests' fixtures, written beside this script so that its
// packages (the examples of GitHub's fixture) resolve from the repository, and removed once loaded.
const entry = ['src/integrations/index.ts', 'test/integrations/fixtures/github.ts', 'test/integrations/fixtures/gitlab.ts', 'test/integrations/fixtures/linear.ts']
  .map((file) => `export * from ${JSON.stringify(join(root, file))};`)
  .join('\n');
const outfile = join(root, 'bench', `.integrations-${process.pid}.mjs`);
let integrations;
try {
  await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', platform: 'node', packages: 'external', outfile, logLevel: 'warning' });
  integrations = await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}

const context = { pages_url: 'https://feedback.example.com', api_url: 'https://feedback.example.com/api/v1', board_slugs: ['ideas'], target: null };

// GitHub: the examples package's closed pull request, merged, closing #fb-12.
const githubSecret = 'whsec_It9TQbzV7w0ufNQ2Nq3gK1N7iJmWZQ8p';
const githubBody = JSON.stringify(integrations.mergedPullRequest('This is a pretty simple change.\n\nCloses #fb-12'));
const githubSignature = await sign(githubSecret, githubBody);
const githubHeaders = new Headers({ 'x-hub-signature-256': githubSignature, 'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958', 'x-github-event': 'pull_request' });

// GitLab: its documented merge request example, merged, closing #fb-21.
const gitlabToken = 'glwt-3b1f0c9e8d7a';
const gitlabBody = JSON.stringify(integrations.mergedMergeRequest('Viewport fixes.\n\nCloses #fb-21'));
const gitlabHeaders = new Headers({ 'x-gitlab-token': gitlabToken, 'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f', 'x-gitlab-event': 'Merge Request Hook' });

// Linear: the issue moved to Done, sent now, signed as Linear signs (hex HMAC-SHA256 of the body).
const linearSecret = 'lin_wh_J3Qm0f2Wq9yVtK8sX4bN7cR1dE6hU5aP';
const linearClient = new LinearWebhookClient(linearSecret);
const linearBody = JSON.stringify({ ...integrations.ISSUE_MOVED_TO_DONE, webhookTimestamp: Date.now() });
const linearSignature = createHmac('sha256', linearSecret).update(linearBody).digest('hex');
const linearHeaders = new Headers({ 'linear-signature': linearSignature, 'linear-delivery': '6d1ae5a6-4bd7-4c26-9d43-0f9c5b5d1f6e', 'linear-event': 'Issue' });
const linearBuffer = Buffer.from(linearBody);

function accepted(result) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

function decided(decision, intents) {
  if (decision.intents.length !== intents) throw new Error(`expected ${intents} intents: ${decision.summary}`);
}

const providers = {
  github: {
    bytes: githubBody.length,
    check: async () => accepted(await integrations.verifyGitHubDelivery({ headers: githubHeaders, body: githubBody }, [githubSecret])),
    decide: (result) => decided(integrations.decideGitHubEvent(result.event, result.payload, context), 2),
    helper: async () => {
      if (!(await octokitVerify(githubSecret, githubBody, githubSignature))) throw new Error('octokit refused');
      JSON.parse(githubBody);
    },
    helperName: '@octokit/webhooks-methods verify + JSON.parse',
  },
  gitlab: {
    bytes: gitlabBody.length,
    check: async () => accepted(await integrations.verifyGitLabDelivery({ headers: gitlabHeaders, body: gitlabBody }, [gitlabToken])),
    decide: (result) => decided(integrations.decideGitLabEvent(result.event, result.payload, context), 2),
    helper: null,
  },
  linear: {
    bytes: linearBody.length,
    // The clock is pinned to the delivery's, so rounds late in the run stay within the replay window.
    check: async () => accepted(await integrations.verifyLinearDelivery({ headers: linearHeaders, body: linearBody }, [linearSecret], JSON.parse(linearBody).webhookTimestamp)),
    decide: (result) => decided(integrations.decideLinearEvent(result.event, result.payload, context), 2),
    // The SDK reads the clock itself: its window is the delivery's minute, which a run stays within.
    helper: async () => linearClient.parseData(linearBuffer, linearSignature),
    helperName: '@linear/sdk LinearWebhookClient.parseData',
  },
};

/** Microseconds per call of `fn` over one round. */
async function round(fn) {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await fn();
  return ((performance.now() - started) * 1000) / PER_ROUND;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const shown = (values) => `${median(values).toFixed(1)} µs (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

console.log(`Inbound deliveries before storage (${ROUNDS} alternating rounds of ${PER_ROUND}; µs per delivery, median and range)`);
for (const [name, provider] of Object.entries(providers)) {
  const parsed = await provider.check();
  const measures = {
    check: provider.check,
    decide: async () => provider.decide(parsed),
    'check + decide': async () => provider.decide(await provider.check()),
    ...(provider.helper ? { [provider.helperName]: provider.helper } : {}),
  };
  for (const fn of Object.values(measures)) for (let i = 0; i < 200; i++) await fn();
  const times = Object.fromEntries(Object.keys(measures).map((key) => [key, []]));
  for (let r = 0; r < ROUNDS; r++) for (const [key, fn] of Object.entries(measures)) times[key].push(await round(fn));
  console.log(`  ${name} (${(provider.bytes / 1024).toFixed(1)} KB body)`);
  for (const [key, values] of Object.entries(times)) console.log(`    ${key.padEnd(46)} ${shown(values)}`);
  if (provider.helper) console.log(`    check / ${provider.helperName}: ${(median(times.check) / median(times[provider.helperName])).toFixed(2)}`);
}
