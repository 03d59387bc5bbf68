/**
 * The operation table's routes (`src/http/operation-routes.ts`), the table as the core serves it
 * (`src/http/served-operations.ts`) and the typed client's routes (`src/client/routes.ts`) are
 * generated from the table: each committed file must be
 * exactly what the generator makes of the source table (run `npm run derive` after changing a
 * row), and every row they hold must agree with the table, down to the very service function the
 * row's module exports under the operation's name: the function itself for the modules the core
 * imports (the request path's reads), and, for every other module, a function that loads it on
 * its first call and whose `load()` resolves to that very function.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { IMPORTED_SERVICES, renderClientRoutes, renderOperationRoutes, renderServedOperations } from '../../scripts/derive-served-operations.mjs';
import { clientRoutes } from '../../src/client/routes.js';
import { operations, type OperationSpec } from '../../src/http/operation-schemas.js';
import { operationNames, operationTable } from '../../src/http/operations.js';
import { servedOperationNames, servedOperations } from '../../src/http/served-operations.js';
import * as activity from '../../src/services/activity.js';
import * as agent from '../../src/services/agent.js';
import * as boardReads from '../../src/services/board-reads.js';
import * as boards from '../../src/services/boards.js';
import * as changelogEntries from '../../src/services/changelog-entries.js';
import * as claimNext from '../../src/services/claim-next.js';
import * as commentEdits from '../../src/services/comment-edits.js';
import * as comments from '../../src/services/comments.js';
import * as companyVotes from '../../src/services/company-votes.js';
import * as dashboard from '../../src/services/dashboard.js';
import * as mailSettings from '../../src/services/mail-settings.js';
import * as statuses from '../../src/services/statuses.js';
import * as fields from '../../src/services/fields.js';
import * as merges from '../../src/services/merges.js';
import * as moderation from '../../src/services/moderation.js';
import * as postReads from '../../src/services/post-reads.js';
import * as posts from '../../src/services/posts.js';
import * as stats from '../../src/services/stats.js';
import * as teamVoters from '../../src/services/team-voters.js';
import * as integrationConnections from '../../src/services/integration-connections.js';
import * as integrationLinks from '../../src/services/integration-links.js';
import * as integrationChatTargets from '../../src/services/integration-chat-targets.js';
import * as trash from '../../src/services/trash.js';

const serviceModules: Record<string, Record<string, unknown>> = { activity, agent, boardReads, boards, changelogEntries, claimNext, commentEdits, comments, companyVotes, dashboard, fields, integrationChatTargets, integrationConnections, integrationLinks, mailSettings, merges, moderation, postReads, posts, stats, statuses, teamVoters, trash };

describe('the operations the core serves', () => {
  it('are in the committed files exactly as the generator writes them from the table', async () => {
    const routes = await readFile(new URL('../../src/http/operation-routes.ts', import.meta.url), 'utf8');
    expect(routes).toBe(renderOperationRoutes(operations));
    const served = await readFile(new URL('../../src/http/served-operations.ts', import.meta.url), 'utf8');
    expect(served).toBe(renderServedOperations(operations));
    const client = await readFile(new URL('../../src/client/routes.ts', import.meta.url), 'utf8');
    expect(client).toBe(renderClientRoutes(operations));
  });

  it('give the typed client each row\'s method, path (its parameters unnamed), input and place, and the status with the two result fields where the status is one', () => {
    expect(clientRoutes).toHaveLength(operationNames.length);
    for (const name of operationNames) {
      const row = operationTable[name];
      const spec: OperationSpec = operations[name];
      const { status, statusFrom, bodyFrom } = spec.success;
      const parts = statusFrom !== undefined && bodyFrom !== undefined ? [status, statusFrom, bodyFrom] : [];
      const path = row.path.replace(/\{\w+\}/g, '{}');
      expect([name, ...clientRoutes[operationNames.indexOf(name)]!]).toEqual([name, row.method, path, spec.body ? 'body' : spec.query ? 'query' : null, row.client.join('.'), ...parts]);
    }
    expect(clientRoutes[operationNames.indexOf('claimPost')]!.slice(4)).toEqual([201, 'created', 'claim']);
    expect(clientRoutes[operationNames.indexOf('getPost')]).toEqual(['GET', '/boards/{}/posts/{}', null, 'posts.get']);
  });

  it('are the rows of the table, in its order, with their inputs, places, successes and service functions', async () => {
    expect(servedOperationNames).toEqual(operationNames);
    for (const name of operationNames) {
      const row = operationTable[name];
      const spec: OperationSpec = operations[name];
      const { schema: _schema, ...success } = spec.success;
      const { serve, ...served } = servedOperations[name];
      const imported = IMPORTED_SERVICES.has(row.service);
      expect({ name, ...served, serve: imported ? serve : await (serve as typeof serve & { load(): Promise<unknown> }).load() }).toEqual({
        name,
        method: row.method,
        path: row.path,
        input: spec.body ? 'body' : spec.query ? 'query' : null,
        queryKeys: spec.query ? Object.keys(spec.query.shape) : [],
        client: row.client,
        success,
        serve: serviceModules[row.service]![name],
      });
      expect(typeof servedOperations[name].serve, name).toBe('function');
    }
  });

  it('the generator refuses a name or path it cannot write as a plain literal, instead of writing broken code', () => {
    const quoted = { ...operations, listBoards: { ...operations.listBoards, path: "/boards/it's" } };
    expect(() => renderOperationRoutes(quoted)).toThrow(/cannot quote "\/boards\/it's"/);
    const escaped = { ...operations, getBoard: { ...operations.getBoard, path: '/boards\\{slug}' } };
    expect(() => renderOperationRoutes(escaped)).toThrow(/cannot quote/);
    expect(() => renderClientRoutes(quoted)).toThrow(/cannot quote "\/boards\/it's"/);
  });
});
