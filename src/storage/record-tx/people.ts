/** The people aggregate over the record store: team members, sessions and one-time sign-in links. */
import type { SignInLinkRecord, TeamMemberRecord } from '../../domain/people.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type RecordStore } from '../record-store.js';
import { byIdAsc } from './shared.js';

export function peopleMethods(store: RecordStore): AggregateMethods<'people'> {
  const members = store.table('team_members');
  const sessions = store.table('sessions');
  const links = store.table('sign_in_links');

  return {
    async insertTeamMember(row) {
      const record: TeamMemberRecord = {
        id: await store.nextId('team_members'),
        organization_id: row.organization_id,
        email: row.email,
        name: row.name,
        created_at: row.created_at,
      };
      await members.put(record);
      return cloneRow(record);
    },
    async getTeamMember(id) {
      const row = await members.get(id);
      return row ? cloneRow(row) : null;
    },
    async getTeamMemberByEmail(organizationId, email) {
      const [first] = (await members.getAllFromIndex('by_organization_email', [organizationId, email])).sort(byIdAsc);
      return first ? cloneRow(first) : null;
    },
    async listTeamMembers(organizationId) {
      const rows = await members.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateTeamMember(id, change) {
      const row = await members.get(id);
      if (!row) return null;
      const record: TeamMemberRecord = { ...row, email: change.email, name: change.name };
      await members.put(record);
      return cloneRow(record);
    },

    async insertSession(row) {
      await sessions.put(cloneRow(row));
    },
    async getSession(tokenHash) {
      const row = await sessions.get(tokenHash);
      return row ? cloneRow(row) : null;
    },
    async deleteSession(tokenHash) {
      if (!(await sessions.get(tokenHash))) return false;
      await sessions.delete(tokenHash);
      return true;
    },

    async insertSignInLink(row) {
      const { token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at } = row;
      await links.put({ token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at: null });
    },
    // Atomic because write transactions of these stores run one at a time (memory: one lock;
    // IndexedDB: readwrite transactions over the same stores never overlap).
    async useSignInLink(tokenHash, now) {
      const row = await links.get(tokenHash);
      if (!row || row.used_at !== null || !(now < row.expires_at)) return null;
      // Links stored before voter links named their e-mail address lack the newer fields.
      const stored = cloneRow(row);
      const used: SignInLinkRecord = {
        ...stored,
        organization_id: stored.organization_id ?? null,
        email: stored.email ?? null,
        return_to: stored.return_to ?? null,
        used_at: now,
      };
      await links.put(used);
      return cloneRow(used);
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default peopleMethods;
