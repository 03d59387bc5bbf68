/**
 * `feedback-board serve`: the HTTP server (the API, `/mcp`, the pages, probes and metrics) on a
 * store, as `cli/serve-usage.ts` describes it. The first line on stdout is exactly
 * `listening on http://HOST:PORT`; SIGINT and SIGTERM finish requests in flight (up to
 * --shutdown-timeout), close the server and the storage, then exit 0.
 */
import { createFeedbackBoard } from '../src/board.js';
import { loadFixtureIfEmpty } from '../src/fixture/load.js';
import { pooledRandom } from '../src/node/random.js';
import { listenError, listenFirst } from './listen-first.js';
import { withMcp } from './mcp-mount.js';
import { demoFixture, demoOrganization, DEMO_KEYS_SETTING, DEMO_SETTING, replaceDemoKeys } from './demo.js';
import type { ImageInspector } from '../src/domain/attachments.js';
import type { Mailer } from '../src/mail/mailer.js';
import { startChangelogJob, startPurgeJob } from './purge-job.js';
import { pagesOrganization, printingMailer, servePages } from './pages.js';
import { openStorage, readFixture, StorageChoiceError } from './storage.js';
import { isWildcardHost } from './public-options.js';
import { webhookOptions } from './webhooks.js';
import { withProbes } from './probes.js';
import { UsageError } from './serve-usage.js';
import type { ServeArgs } from './serve-args.js';
import { requestObserver } from './request-log.js';
import { serveLogger } from './event-log.js';
import { createServeMetrics, serveMetricsAlone, withMetricsRoute, type ServeMetrics } from './metrics.js';

/** Serves as `args` (checked by `parseServeArgs` in serve-args.ts) say. */
export async function serve(args: ServeArgs): Promise<void> {
  const { values, port, limits, net, configuredOrigin, proxies, log, metricsPort } = args;
  const fixture = values.fixture === undefined ? undefined : await readFixture(values.fixture);
  const metrics: ServeMetrics | undefined = values.metrics === true ? await createServeMetrics() : undefined;

  let mailer: Mailer = printingMailer((line) => process.stdout.write(`${line}\n`));
  let closeMailer = () => {};
  if (values.smtp !== undefined) {
    const smtp = await import('../src/mail/smtp.js').catch((error: unknown) => {
      throw new StorageChoiceError(`--smtp needs the nodemailer package (npm install nodemailer). (${(error as Error).message})`);
    });
    let smtpMailer: ReturnType<typeof smtp.createSmtpMailer>;
    try {
      smtpMailer = smtp.createSmtpMailer(values.smtp);
    } catch (error) {
      throw new UsageError(`--smtp takes an smtp:// URL: ${(error as Error).message}`);
    }
    mailer = smtpMailer;
    closeMailer = () => smtpMailer.close();
  }
  // The public origin of every link: --public-url, else the listen address, known once the server
  // listens (with --port 0), before any request is served. Notifications and the pages read it
  // when they need it.
  const origin = { value: configuredOrigin ?? '' };
  const host = values.host ?? '127.0.0.1';
  const trust = proxies === undefined ? {} : { trustProxy: proxies };
  // The ports before the store: a start that cannot listen creates and changes nothing.
  // The request log and the metrics see every answer, those of the start (503) included.
  const observed = requestObserver({ log, onServed: metrics === undefined ? undefined : (request) => metrics.served(request) });
  const { server, ready } = await listenFirst({ port, host, ...net, ...trust, ownProcess: true, requestIds: true, onAnswer: observed.onAnswer });
  const metricsServer =
    metrics !== undefined && metricsPort !== undefined
      ? await serveMetricsAlone(metrics, host, metricsPort).catch((error: unknown) => {
          throw listenError(error, host, metricsPort, '--metrics-port');
        })
      : undefined;
  origin.value ||= server.url;

  const storage = await openStorage({
    db: values.db,
    dbRead: values['db-read'],
    dbWriteLock: values['db-write-lock'],
    dbPooler: values['db-pooler'],
    memory: values.memory === true,
    fixture: fixture !== undefined,
  });
  metrics?.readQueueDepth(() => storage.storage.transaction('read', (tx) => tx.countPendingWebhookMessages()));
  const logger = serveLogger(log);
  // Keys, tokens and message ids from the CSPRNG through a pool (src/node/random.ts): a webhook
  // message's id no longer costs a create about 2 µs of its own.
  const random = pooledRandom();
  const board = createFeedbackBoard({
    storage: storage.storage,
    random,
    logger,
    agentPublishing: values['agent-publishing'] === true,
    http: limits,
    webhooks: webhookOptions(values['allow-private-webhooks'] === true, metrics),
    attachments: { inspect: inspectOnDemand(), baseUrl: () => origin.value },
  });

  const notes: string[] = [];
  // Loads happen only into an empty store, decided inside the load's write transaction: of several
  // processes starting at once on one new database, one loads, the others find its data.
  const demo = fixture === undefined && storage.fresh ? demoFixture(random) : null;
  const loaded =
    fixture !== undefined || demo !== null
      ? await loadFixtureIfEmpty(storage.storage, fixture ?? demo!.fixture, {
          clock: board.clock,
          then: async (tx, result) => {
            if (demo === null) return;
            const demoOrg = result.organizations[0]!;
            await tx.setSetting(DEMO_SETTING, String(demoOrg.id));
            await tx.setSetting(DEMO_KEYS_SETTING, JSON.stringify(demoOrg.apiKeys.map((k) => k.id)));
          },
        })
      : null;
  if (fixture !== undefined && loaded === null) {
    await board.close();
    throw new StorageChoiceError(`--fixture loads into a new, empty database, but ${values.db} already holds data`);
  }
  if (fixture !== undefined) {
    notes.push(`loaded fixture ${values.fixture}: ${loaded!.organizations.length} organization(s)`);
  } else if (loaded !== null) {
    notes.push('demo organization "Demo" with the published board "demo"', `write key:   ${demo!.keys.write}`, `propose key: ${demo!.keys.propose}`);
  } else {
    // Raw keys are never stored, so a restart hands out a new pair and revokes the previous one.
    const demoOrg = await demoOrganization(storage.storage);
    if (demoOrg === null) {
      notes.push('serving the existing data (its keys were shown when they were created)');
    } else {
      const keys = await replaceDemoKeys(board, demoOrg);
      notes.push(
        'existing demo organization "Demo"; new keys for this start (the previous start\'s are revoked):',
        `write key:   ${keys.write}`,
        `propose key: ${keys.propose}`,
      );
    }
  }

  const organizationId = await pagesOrganization(board);
  // OAuth for /mcp whenever the pages are served: a team member approves agents there.
  const oauthOrigin = organizationId === null ? undefined : () => origin.value;
  const mounted = await withMcp(board, configuredOrigin === undefined ? [] : [configuredOrigin], oauthOrigin);
  notes.push(mounted.note(origin.value));
  const pages = organizationId === null ? null : await servePages(board, organizationId, mailer, origin, mounted.fetch, mounted.oauth, values['allow-private-webhooks'] === true);
  const served = withProbes(board, pages?.fetch ?? mounted.fetch);
  const routed = metrics !== undefined && metricsPort === undefined ? withMetricsRoute(metrics, served) : served;
  ready(routed);
  process.on('exit', () => observed.writer?.flushSync());
  if (configuredOrigin === undefined && isWildcardHost(host)) {
    process.stderr.write(`feedback-board: links in mail name ${server.url}, which nobody can open: set --public-url\n`);
  } else if (configuredOrigin === undefined && proxies !== undefined) {
    process.stderr.write(`feedback-board: behind a proxy, set --public-url: links and the pages' forms use ${server.url}\n`);
  }
  // Messages left by an earlier process (even one killed right after a commit) go out now.
  board.webhooks.start();
  // Follower mail goes only through the queue and its sender (never also through a notifier, so
  // no status change is mailed twice), and only with --smtp and the pages its links open.
  // Its code (the mails' views) is loaded only then.
  const followerMail =
    values.smtp !== undefined && pages !== null
      ? (await import('../src/pages/follower-mail-sender.js')).createFollowerMailSender(board, { mailer, pagesUrl: () => origin.value, pollIntervalMs: 500, logger })
      : null;
  followerMail?.start();
  // Deleted posts are purged 30 days after deletion, by every process (each post goes once).
  const purge = startPurgeJob(board, { logger });
  // Changelog entries are published when their time comes, by every process (each entry goes once).
  const changelog = startChangelogJob(board, { logger });
  // Whoever reads the first line may signal at once: the handlers are in place before it, even
  // while the lines after it (the team sign-in link, made in the store) are still being printed.
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    metricsServer?.server.close();
    await followerMail?.stop();
    await purge.stop();
    await changelog.stop();
    closeMailer();
    await board.close();
    await observed.writer?.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // Every address printed is the public one; the listen address has the first line to itself.
  process.stdout.write(`listening on ${server.url}\n`);
  if (configuredOrigin !== undefined) process.stdout.write(`public URL: ${configuredOrigin}  (in every address below and in mailed links)\n`);
  process.stdout.write(`storage: ${storage.description}\n`);
  for (const note of notes) process.stdout.write(`${note}\n`);
  process.stdout.write(`API: ${origin.value}/api/v1  (send "Authorization: Bearer <key>")\n`);
  if (metrics !== undefined) process.stdout.write(`metrics: ${metricsServer?.url ?? origin.value}/metrics\n`);
  if (pages) {
    process.stdout.write(`pages: ${origin.value}/\n`);
    process.stdout.write(`team sign-in: ${await pages.teamSignInUrl(origin.value)}\n`);
  }
}

/**
 * The package's image inspector, loaded with the first upload: its decoder (`image-size`, 26
 * modules) cost about 40 ms of CPU, a tenth of a start, and most servers never see an image.
 */
function inspectOnDemand(): ImageInspector {
  let inspect: Promise<ImageInspector> | undefined;
  return async (bytes) => {
    inspect ??= import('../src/images/inspect.js').then((module) => module.inspectImage);
    return (await inspect)(bytes);
  };
}
