/**
 * The record stores' defaults as the SQL stores run them (adapters/sql/defaults.ts), over the
 * record store of the transaction's connection (adapters/sql/record-store.ts): ids, values and
 * transactions as SQL's own statements keep them. Shared by the SQLite and PostgreSQL tests.
 */
import { expect, it } from 'vitest';
import type { Storage } from '../../../src/storage/contract.js';
import { at, newApiKey, newBoard, newOrganization, newVoter } from '../../../testing/fixtures.js';

/** The methods SQL leaves to the defaults (adapters/sql/defaults.ts `defaultedMethods`), sorted. */
export const DEFAULTED = [
  'decideHeldPost',
  'getHeldPost',
  'insertHeldPost',
  'deleteChangelogEntry',
  'getChangelogEntry',
  'insertChangelogEntry',
  'deleteSavedView',
  'getChatTarget',
  'getCompany',
  'getCompanyVoter',
  'getIntegrationCall',
  'getIntegrationConnection',
  'getMailQueueRow',
  'getOAuthClient',
  'getOAuthCode',
  'getOAuthGrant',
  'getOAuthToken',
  'getSavedView',
  'getSsoIdentity',
  'getSsoIdentityOfVoter',
  'getSsoSettings',
  'getTeamMemberByEmail',
  'getVoterClaims',
  'deleteField',
  'insertChatTarget',
  'insertCompanyVoter',
  'insertField',
  'insertIntegrationCall',
  'insertIntegrationConnection',
  'insertOAuthClient',
  'insertOAuthCode',
  'insertOAuthGrant',
  'insertOAuthToken',
  'insertSavedView',
  'insertSession',
  'insertSignInLink',
  'insertSsoIdentity',
  'insertSsoSecret',
  'insertStatus',
  'insertTeamMember',
  'listCompanies',
  'listCompanyVoters',
  'listIntegrationConnections',
  'listLinksToIssue',
  'listOAuthGrants',
  'listPostLinks',
  'listSavedViews',
  'listSsoSecrets',
  'listTeamMembers',
  'putBoardAccess',
  'putCompany',
  'putSsoSettings',
  'putVoterClaims',
  'renameSavedView',
  'setBoardModerated',
  'setVoterCompany',
  'updateChatTarget',
  'updateField',
  'updateIntegrationConnection',
  'updateOAuthGrant',
  'updateSsoSecret',
  'updateStatus',
  'updateTeamMember',
].sort();

/** Methods every request (or every post's write) calls: SQL answers them with statements of its own. */
export const HOT_PATH = [
  'getApiKeyByHash',
  'getBoard',
  'getBoardBySlug',
  'listBoards',
  'insertPost',
  'getPost',
  'getPostParts',
  'listPosts',
  'updatePost',
  'insertVote',
  'deleteVote',
  'insertVoter',
  'getVoter',
  'insertComment',
  'listComments',
  'getStatus',
  'listStatuses',
  'listFields',
  'getBoardAccess',
  'isBoardModerated',
  'listChatTargets',
  'getSession',
  'getTeamMember',
  'enqueueWebhookMessages',
];

/** The tests, each over a new storage from `open` (closed by the test). */
export function defaultsTests(open: () => Promise<Storage>): void {
  it('hand out ids that SQL never handed out, nor gave a row deleted since', async () => {
    const storage = await open();
    try {
      const result = await storage.transaction('write', async (tx) => {
        // SQL's own insert writes an organization's five default statuses; a default inserts the next.
        const acme = await tx.insertOrganization(newOrganization({ name: 'Acme' }));
        const added = await tx.insertStatus({ organization_id: acme.id, name: 'Triage', color: '#123456', category: 'open', position: 5, is_default: false });
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        const again = await tx.insertStatus({ organization_id: globex.id, name: 'Triage', color: '#123456', category: 'open', position: 5, is_default: false });
        const first = await tx.insertSavedView({ organization_id: acme.id, name: 'a', query: 'status=open', created_at: at(0) });
        expect(await tx.deleteSavedView(first.id)).toBe(true);
        expect(await tx.deleteSavedView(first.id)).toBe(false);
        const second = await tx.insertSavedView({ organization_id: acme.id, name: 'a', query: 'status=open', created_at: at(1) });
        return {
          acme: (await tx.listStatuses(acme.id)).map((status) => status.id),
          globex: (await tx.listStatuses(globex.id)).map((status) => status.id),
          added: added.id,
          again: again.id,
          views: [first.id, second.id],
        };
      });
      expect(result).toEqual({ acme: [1, 2, 3, 4, 5, 6], globex: [7, 8, 9, 10, 11, 12], added: 6, again: 12, views: [1, 2] });
      // A rolled-back transaction's id may come back; a committed one's never does, after a delete included.
      await storage.transaction('write', (tx) => tx.deleteSavedView(2));
      const third = await storage.transaction('write', (tx) => tx.insertSavedView({ organization_id: 1, name: 'b', query: '', created_at: at(2) }));
      expect(third.id).toBe(3);
    } finally {
      await storage.close();
    }
  });

  it('read back flags, JSON, big numbers and NULLs as they were written, and as SQL’s own reads see them', async () => {
    const storage = await open();
    try {
      const read = await storage.transaction('write', async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        const board = await tx.insertBoard(newBoard(org.id));
        const target = await tx.insertChatTarget({ board_id: board.id, platform: 'slack', url: 'https://hooks.example.com/x', events: ['post.created', 'post.status_changed'], active: true, created_at: at(0) });
        const updated = await tx.updateChatTarget(target.id, { active: false, events: [] });
        await tx.putCompany({ organization_id: org.id, id: 'big', name: 'Big', monthly_revenue: 2 ** 45 + 7, updated_at: at(1) });
        await tx.putSsoSettings({ organization_id: org.id, jwks_url: null, jwks_algorithms: ['ES256', 'RS256'], audience: null, issuer: 'https://id.example.com', updated_at: at(2) });
        await tx.putBoardAccess({ board_id: board.id, organization_id: org.id, access: 'private', email_domains: ['example.com'], claim_name: null, claim_values: [], updated_at: at(3) });
        const field = await tx.insertField({ board_id: board.id, key: 'size', label: 'Size', type: 'choice', options: ['S', 'M'], required: true, position: 0 });
        await tx.updateField(field.id, { required: false });
        return {
          target,
          updated,
          reread: await tx.getChatTarget(target.id),
          listed: await tx.listChatTargets(board.id),
          company: await tx.getCompany(org.id, 'big'),
          companies: await tx.listCompanies(org.id),
          settings: await tx.getSsoSettings(org.id),
          access: await tx.getBoardAccess(board.id),
          fields: await tx.listFields(board.id),
        };
      });
      expect(read.target).toEqual({ id: 1, board_id: 1, platform: 'slack', url: 'https://hooks.example.com/x', events: ['post.created', 'post.status_changed'], active: true, created_at: at(0) });
      expect(read.updated).toEqual({ ...read.target, active: false, events: [] });
      expect(read.reread).toEqual(read.updated);
      expect(read.listed).toEqual([read.updated]);
      expect(read.company).toEqual({ organization_id: 1, id: 'big', name: 'Big', monthly_revenue: 2 ** 45 + 7, updated_at: at(1) });
      expect(read.companies).toEqual([read.company]);
      expect(read.settings).toEqual({ organization_id: 1, jwks_url: null, jwks_algorithms: ['ES256', 'RS256'], audience: null, issuer: 'https://id.example.com', updated_at: at(2) });
      expect(read.access).toEqual({ board_id: 1, organization_id: 1, access: 'private', email_domains: ['example.com'], claim_name: null, claim_values: [], updated_at: at(3) });
      expect(read.fields).toEqual([{ id: 1, board_id: 1, key: 'size', label: 'Size', type: 'choice', options: ['S', 'M'], required: false, position: 0 }]);
    } finally {
      await storage.close();
    }
  });

  it('write and read changelog entries as SQL’s own list, publish and edit see them', async () => {
    const storage = await open();
    try {
      const read = await storage.transaction('write', async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        const board = await tx.insertBoard(newBoard(org.id));
        const entry = { organization_id: org.id, board_id: board.id, title: 'Shipped', body: 'Exports', actor_kind: 'api_key' as const, actor_id: null, created_at: at(0) };
        const scheduled = await tx.insertChangelogEntry({ ...entry, post_ids: [3, 1, 2], publish_at: at(10), published_at: null });
        const gone = await tx.insertChangelogEntry({ ...entry, post_ids: [], publish_at: null, published_at: at(1) });
        const deleted = [await tx.deleteChangelogEntry(gone.id), await tx.deleteChangelogEntry(gone.id)];
        // SQL's own conditional statements on a row a default wrote, then the default's read of theirs.
        const edited = await tx.updateChangelogEntry(scheduled.id, { post_ids: [2] }, true);
        const published = await tx.publishChangelogEntry(scheduled.id, at(10));
        const again = await tx.publishChangelogEntry(scheduled.id, at(11));
        return {
          scheduled,
          deleted,
          edited,
          published,
          again,
          reread: await tx.getChangelogEntry(scheduled.id),
          missing: await tx.getChangelogEntry(gone.id),
          listed: await tx.listChangelogEntries(board.id, { limit: 10, offset: 0 }),
        };
      });
      expect(read.scheduled).toEqual({
        id: 1, organization_id: 1, board_id: 1, title: 'Shipped', body: 'Exports', post_ids: [3, 1, 2], publish_at: at(10), published_at: null,
        actor_kind: 'api_key', actor_id: null, created_at: at(0),
      });
      expect(read.deleted).toEqual([true, false]);
      expect(read.edited).toEqual({ ...read.scheduled, post_ids: [2] });
      expect(read.published).toEqual({ ...read.scheduled, post_ids: [2], published_at: at(10) });
      expect(read.again).toBeNull();
      expect(read.reread).toEqual(read.published);
      expect(read.missing).toBeNull();
      expect(read.listed).toEqual({ rows: [read.published], total: 1 });
    } finally {
      await storage.close();
    }
  });

  it('write, read and decide held posts with their tags and custom fields as SQL’s own lists and count see them', async () => {
    const storage = await open();
    try {
      const read = await storage.transaction('write', async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        const board = await tx.insertBoard(newBoard(org.id));
        const voter = await tx.insertVoter(newVoter(org.id));
        const post = { organization_id: org.id, board_id: board.id, voter_id: voter.id, title: 'Dark mode', body: '', created_at: at(0) };
        const given = await tx.insertHeldPost({ ...post, tag_slugs: ['ux', 'api'], fields: { size: 'M', seats: 12.5, note: 'née « x » \\ "q"' } });
        const none = await tx.insertHeldPost({ ...post, tag_slugs: [], fields: null, created_at: at(1) });
        const absent = await tx.insertHeldPost({ ...post, tag_slugs: [], created_at: at(2) });
        const waiting = await tx.listHeldPosts(org.id, 'waiting');
        const decided = await tx.decideHeldPost(given.id, { state: 'rejected', reason: 'Duplicate', decided_at: at(3), decided_by: null, post_id: null });
        return {
          given,
          none,
          absent,
          waiting,
          decided,
          missing: await tx.decideHeldPost(99, { state: 'rejected', reason: '', decided_at: at(3), decided_by: null, post_id: null }),
          reread: await tx.getHeldPost(given.id),
          unknown: await tx.getHeldPost(99),
          rejected: await tx.listHeldPosts(org.id, 'rejected'),
          counts: [await tx.countHeldPosts(org.id, 'waiting'), await tx.countHeldPosts(org.id, 'rejected')],
          voters: await tx.listVoterHeldPosts(voter.id, at(0)),
        };
      });
      expect(read.given).toEqual({
        id: 1, organization_id: 1, board_id: 1, voter_id: 1, title: 'Dark mode', body: '', tag_slugs: ['api', 'ux'], created_at: at(0),
        state: 'waiting', reason: '', decided_at: null, decided_by: null, post_id: null, fields: { size: 'M', seats: 12.5, note: 'née « x » \\ "q"' },
      });
      expect(read.none).toEqual({ ...read.given, id: 2, tag_slugs: [], created_at: at(1), fields: null });
      expect(read.absent).toEqual({ ...read.none, id: 3, created_at: at(2) });
      expect(read.waiting).toEqual([read.given, read.none, read.absent]);
      expect(read.decided).toEqual({ ...read.given, state: 'rejected', reason: 'Duplicate', decided_at: at(3) });
      expect(read.missing).toBeNull();
      expect(read.reread).toEqual(read.decided);
      expect(read.unknown).toBeNull();
      expect(read.rejected).toEqual([read.decided]);
      expect(read.counts).toEqual([2, 1]);
      expect(read.voters).toEqual([read.decided, read.none, read.absent]);
    } finally {
      await storage.close();
    }
  });

  it('change a row in place: rows that refer to it stay', async () => {
    const storage = await open();
    try {
      const code = await storage.transaction('write', async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        const member = await tx.insertTeamMember({ organization_id: org.id, email: 'ann@example.com', name: 'Ann', created_at: at(0) });
        const key = await tx.insertApiKey(newApiKey(org.id));
        await tx.insertOAuthClient({ client_id: 'c1', client_name: 'Client', redirect_uris: ['https://app.example.com/cb'], created_at: at(0) });
        const grant = await tx.insertOAuthGrant({
          organization_id: org.id, client_id: 'c1', member_id: member.id, scope: 'read', resource: 'https://board.example.com/mcp',
          api_key_id: key.id, key_salt: 'salt', created_at: at(0), last_used_at: null, revoked_at: null,
        });
        await tx.insertOAuthCode({ code_hash: 'h1', grant_id: grant.id, redirect_uri: 'https://app.example.com/cb', code_challenge: 'x', expires_at: at(10), used_at: null });
        // An update is an upsert by key, never a delete and insert (which a reference refuses, or cascades).
        await tx.updateOAuthGrant(grant.id, { last_used_at: at(1) });
        return tx.getOAuthCode('h1');
      });
      expect(code).toEqual({ code_hash: 'h1', grant_id: 1, redirect_uri: 'https://app.example.com/cb', code_challenge: 'x', expires_at: at(10), used_at: null });
      expect(await storage.transaction('read', (tx) => tx.getOAuthGrant(1))).toMatchObject({ id: 1, last_used_at: at(1) });
    } finally {
      await storage.close();
    }
  });

  it('run in the transaction of the call: a throw undoes what a default wrote', async () => {
    const storage = await open();
    try {
      await storage.transaction('write', (tx) => tx.insertOrganization(newOrganization()));
      const before = await storage.transaction('read', async (tx) => ({ views: await tx.listSavedViews(1), statuses: await tx.listStatuses(1) }));
      const failed = await storage
        .transaction('write', async (tx) => {
          await tx.insertSavedView({ organization_id: 1, name: 'gone', query: '', created_at: at(0) });
          await tx.updateStatus(1, { name: 'Renamed' });
          throw new Error('changed my mind');
        })
        .catch((error: Error) => error.message);
      expect(failed).toBe('changed my mind');
      expect(await storage.transaction('read', async (tx) => ({ views: await tx.listSavedViews(1), statuses: await tx.listStatuses(1) }))).toEqual(before);
      // And a read transaction refuses a default's write as any other.
      await expect(storage.transaction('read', (tx) => tx.insertSavedView({ organization_id: 1, name: 'x', query: '', created_at: at(0) }))).rejects.toThrow(
        /writes; it needs a 'write' transaction/,
      );
    } finally {
      await storage.close();
    }
  });
}
