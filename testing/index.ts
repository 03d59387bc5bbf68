/**
 * `feedback-board/testing`: the storage conformance suite, the contract every adapter runs through a test file of a few
 * lines.
 *
 * ```ts
 * import { afterEach, beforeEach, describe, expect, it } from 'vitest';
 * import { defineStorageConformance } from 'feedback-board/testing';
 *
 * defineStorageConformance(
 *   { name: 'sqlite', create: async () => createSqliteStorage(':memory:') },
 *   { describe, it, expect, beforeEach, afterEach },
 * );
 * ```
 */
import { accountTests } from './accounts.js';
import { activityTests } from './activity.js';
import { activityActorTests } from './activity-actors.js';
import { agentTests } from './agent.js';
import { boardTests } from './boards.js';
import { claimNextTests } from './claim-next.js';
import { copyAndIdTests } from './copies-and-ids.js';
import { counterTests } from './counters.js';
import { statisticsExactnessTests } from './statistics-exactness.js';
import { engagementTests } from './engagement.js';
import { createSuiteContext, type ConformanceTarget, type TestApi } from './harness.js';
import { listTests } from './lists.js';
import { oauthTests } from './oauth.js';
import { peopleTests } from './people.js';
import { mailQueueTests } from './mail-queue.js';
import { moderationTests } from './moderation.js';
import { attachmentTests } from './attachments.js';
import { mergeTests } from './merges.js';
import { mergeSequenceTests } from './merge-sequences.js';
import { persistenceTests } from './persistence.js';
import { postTests } from './posts.js';
import { randomizedTests } from './randomized.js';
import { searchTests } from './search.js';
import { statsTests } from './stats.js';
import { statusTests } from './statuses.js';
import { fieldTests } from './fields.js';
import { similarTests } from './similar.js';
import { ssoTests } from './sso.js';
import { accessTests } from './access.js';
import { integrationTests } from './integrations.js';
import { companyVoteTests } from './company-votes.js';
import { companyRevenueTests } from './company-revenue.js';
import { importSourceTests } from './import-sources.js';
import { transactionTests } from './transactions.js';
import { trashTests } from './trash.js';
import { changelogEntryTests } from './changelog-entries.js';
import { savedViewTests } from './saved-views.js';
import { voterTests } from './voters.js';
import { webhookOutboxTests } from './webhook-outbox.js';

export type { Assertion, ConformanceTarget, Matchers, TestApi, TestBody, TestFunction } from './harness.js';

/** Registers the whole suite for `target` with the runner's functions `t`. */
export function defineStorageConformance(target: ConformanceTarget, t: TestApi): void {
  t.describe(`storage conformance: ${target.name}`, () => {
    const ctx = createSuiteContext(target, t);
    transactionTests(ctx);
    copyAndIdTests(ctx);
    accountTests(ctx);
    statusTests(ctx);
    fieldTests(ctx);
    boardTests(ctx);
    postTests(ctx);
    listTests(ctx);
    searchTests(ctx);
    similarTests(ctx);
    mergeTests(ctx);
    mergeSequenceTests(ctx);
    agentTests(ctx);
    claimNextTests(ctx);
    engagementTests(ctx);
    voterTests(ctx);
    statsTests(ctx);
    webhookOutboxTests(ctx);
    peopleTests(ctx);
    moderationTests(ctx);
    attachmentTests(ctx);
    oauthTests(ctx);
    mailQueueTests(ctx);
    activityTests(ctx);
    activityActorTests(ctx);
    ssoTests(ctx);
    accessTests(ctx);
    integrationTests(ctx);
    companyVoteTests(ctx);
    companyRevenueTests(ctx);
    importSourceTests(ctx);
    trashTests(ctx);
    changelogEntryTests(ctx);
    savedViewTests(ctx);
    persistenceTests(ctx);
    randomizedTests(ctx);
    counterTests(ctx);
    statisticsExactnessTests(ctx);
    ctx.finish();
  });
}
