/**
 * Organizations, their keys and settings; boards, posts and tags; what hangs off a post for search, merges and imports; the code the store installed.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

export const BOARDS_TABLES = {
  organizations: {
    record: { row: { type: 'OrganizationRecord', from: 'domain/records' } },
    lock: { kind: 'organization' },
    columns: {
      id: 'id',
      name: 'text',
      created_at: 'key',
    },
  },
  statuses: {
    record: { row: { type: 'StatusRecord', from: 'domain/statuses' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'status' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      name: 'text',
      color: 'text',
      category: 'key',
      position: 'integer',
      is_default: 'flag',
    },
    checks: ["category IN ('open', 'planned', 'in_progress', 'shipped', 'declined')"],
    indexes: {
      organization: { on: 'organization_id, position, id' },
      // One default per category and organization: the label of a post given a category alone.
      default: { on: 'organization_id, category', where: 'is_default = 1', unique: true },
    },
  },
  api_keys: {
    record: { row: { type: 'ApiKeyRecord', from: 'domain/records' }, indexes: { by_organization: 'organization_id', by_hash: 'hash' } },
    lock: { kind: 'apiKey', inserted: 'insertApiKey' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      scope: 'text',
      label: 'text',
      prefix: 'text',
      hash: 'key',
      created_at: 'key',
      revoked_at: { type: 'key', null: true },
    },
    checks: ["scope IN ('read', 'propose', 'write', 'team')"],
    indexes: {
      organization: { on: 'organization_id, id' },
      hash: { on: 'hash' },
    },
  },
  settings: {
    record: { row: { type: 'SettingRow', from: 'storage/record-rows' } },
    columns: {
      name: 'key',
      value: 'text',
    },
    primaryKey: ['name'],
    withoutRowid: true,
  },
  rate_log: {
    only: 'postgres',
    columns: {
      api_key_id: 'integer',
      at_ms: 'bigint',
    },
    primaryKey: [],
    indexes: {
      key: { on: 'api_key_id, at_ms' },
    },
  },
  installed_code: {
    columns: {
      name: 'key',
      fingerprint: 'text',
      installed_at: 'key',
    },
    primaryKey: ['name'],
    withoutRowid: true,
  },
  boards: {
    record: { row: { type: 'BoardRecord', from: 'domain/records' }, indexes: { by_organization: 'organization_id', by_organization_slug: ['organization_id', 'slug'] } },
    lock: { kind: 'board', inserted: 'insertBoard' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      slug: 'key',
      name: 'text',
      description: 'text',
      welcome_message: 'text',
      published: 'flag',
      logo_url: { type: 'text', null: true },
      created_at: 'key',
    },
    unique: [['organization_id', 'slug']],
    indexes: {
      organization: { on: 'organization_id, created_at, id' },
    },
  },
  posts: {
    record: { row: { type: 'PostRecord', from: 'domain/records' }, indexes: { by_board: 'board_id', by_board_status: ['board_id', 'status'] } },
    lock: { kind: 'post', inserted: 'insertPost' },
    columns: {
      id: 'id',
      board_id: { type: 'integer', references: 'boards' },
      title: 'text',
      body: 'text',
      status: 'key',
      is_admin: 'flag',
      hidden: 'flag',
      pinned: 'flag',
      queue_rank: { type: 'integer', null: true },
      shipped_at: { type: 'key', null: true },
      created_at: 'key',
      vote_count: { type: 'integer', default: 0 },
      comment_count: { type: 'integer', default: 0 },
      proposal_status: { type: 'text', null: true },
      proposal_note: { type: 'text', null: true },
      proposal_proposed_at: { type: 'key', null: true },
      proposal_api_key_id: { type: 'integer', null: true },
      proposal_connection_id: { type: 'integer', null: true },
      // NULL only for a moment in the migration that added it; the storage always sets it.
      status_label_id: { type: 'integer', null: true, references: 'statuses' },
      // The values of the board's custom fields, by key (JSON); NULL when the post has none. No
      // index: a filter by a value walks the board's posts, and a post's write stays one row.
      fields: { type: 'json', null: true },
      title_folded: { type: 'text', default: "''" },
      body_folded: { type: 'text', default: "''" },
    },
    checks: ["status IN ('open', 'planned', 'in_progress', 'shipped', 'declined')", "proposal_status IN ('open', 'planned', 'in_progress', 'shipped', 'declined')"],
    indexes: {
      shipped: { on: 'board_id, shipped_at, id, vote_count, title', where: "hidden = 0 AND status = 'shipped'", postgres: { on: 'board_id, shipped_at DESC NULLS LAST, id DESC', include: 'title, vote_count' } },
      proposed: { on: 'board_id, proposal_proposed_at, id', where: 'proposal_status IS NOT NULL' },
      requests: { on: 'board_id, vote_count DESC, created_at, id', where: "hidden = 0 AND status NOT IN ('shipped', 'declined')" },
      roadmap: { on: "board_id, (CASE status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END), vote_count DESC, id", where: "hidden = 0 AND status <> 'declined'" },
      queue_planned: { on: 'board_id, vote_count DESC, created_at, id', where: "queue_rank IS NULL AND hidden = 0 AND status = 'planned'" },
      queue_ranked: { on: 'board_id, queue_rank, id', where: "queue_rank IS NOT NULL AND hidden = 0 AND status NOT IN ('shipped', 'declined')" },
      status_top: { on: 'board_id, status, vote_count, created_at, id' },
      status_new: { on: 'board_id, status, created_at, id' },
      top: { on: 'board_id, vote_count, created_at, id' },
      new: { on: 'board_id, created_at, id' },
      // The pinned posts of a board, a handful at most, read before a list that shows them first.
      pinned: { on: 'board_id, id', where: 'pinned = 1' },
    },
  },
  // A board's custom fields: the submission form's questions beside title and body.
  board_fields: {
    record: { row: { type: 'FieldRecord', from: 'domain/fields' }, indexes: { by_board: 'board_id' } },
    lock: { kind: 'field' },
    columns: {
      id: 'id',
      board_id: { type: 'integer', references: 'boards' },
      key: 'key',
      label: 'text',
      type: 'key',
      options: 'json',
      required: 'flag',
      position: 'integer',
    },
    checks: ["type IN ('text', 'number', 'choice')"],
    unique: [['board_id', 'key']],
    indexes: {
      board: { on: 'board_id, position, id' },
    },
  },
  tags: {
    record: { row: { type: 'TagRecord', from: 'domain/records' }, indexes: { by_board_slug: ['board_id', 'slug'] } },
    columns: {
      id: 'id',
      board_id: { type: 'integer', references: 'boards' },
      name: 'text',
      slug: 'key',
    },
    unique: [['board_id', 'slug']],
  },
  post_tags: {
    record: { row: { type: 'PostTagRow', from: 'storage/record-rows' }, indexes: { by_post: 'post_id', by_tag: 'tag_id' } },
    columns: {
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      tag_id: { type: 'integer', references: 'tags' },
    },
    primaryKey: ['post_id', 'tag_id'],
    withoutRowid: true,
    indexes: {
      tag: { on: 'tag_id, post_id' },
    },
  },
  post_words: {
    record: {
      row: { type: 'PostWordRow', from: 'storage/record-rows' },
      indexes: { by_board_word: ['board_id', 'word'], by_post: 'post_id' },
      notDumped: 'the similar-posts index, rebuilt from post titles on import',
    },
    columns: {
      board_id: 'integer',
      word: 'key',
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
    },
    primaryKey: ['board_id', 'word', 'post_id'],
    withoutRowid: true,
    indexes: {
      post: { on: 'post_id' },
    },
  },
  /**
   * One row per merged post: the post it was merged into, its board, when, and what the merge moved
   * (`moved`, JSON: the source's previous `hidden`, the voters whose vote was added to the target, the
   * comments moved, the evidence copied, the claim released), so that unmerging restores exactly the
   * state before. The post list leaves merged posts out by probing this table's primary key.
   */
  post_merges: {
    record: {
      row: { type: 'PostMergeRecord', from: 'domain/records' },
      indexes: { by_board: 'board_id' },
      links: [
        { field: 'target_id', table: 'posts' },
        { field: 'board_id', table: 'boards' },
        { field: 'votes_added', table: 'voters', list: true },
        { field: 'comment_ids', table: 'comments', list: true },
        { field: 'evidence_ids', table: 'evidence', list: true },
        { field: 'claim.api_key_id', table: 'api_keys' },
      ],
    },
    columns: {
      source_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      target_id: 'integer',
      board_id: 'integer',
      merged_at: 'key',
      moved: 'json',
    },
    primaryKey: ['source_id'],
    indexes: {
      board: { on: 'board_id' },
    },
  },
  // A deleted post, kept for restoring with every row that belonged to it (the snapshot, as a dump
  // carries them) until it is purged; the post's id is never reused, so it keys the row. It names
  // no row by it: the post is no row until restored.
  deleted_posts: {
    record: { row: { type: 'DeletedPostRow', from: 'storage/record-rows' }, indexes: { by_organization: 'organization_id' } },
    columns: {
      post_id: 'integer',
      organization_id: { type: 'integer', references: 'organizations' },
      board_id: { type: 'integer', references: 'boards' },
      title: 'text',
      vote_count: 'integer',
      comment_count: 'integer',
      deleted_at: 'key',
      actor_kind: 'text',
      actor_id: { type: 'integer', null: true },
      snapshot: 'json',
    },
    primaryKey: ['post_id'],
    indexes: {
      organization: { on: 'organization_id, deleted_at, post_id' },
      deleted: { on: 'deleted_at, post_id' },
    },
  },
  // An entry the team writes about a board's shipped work (docs/changelog.md). The posts it links
  // are a JSON list of ids of its board, checked when it is written: a dump carries them as they
  // are (ids are kept), and a post deleted since is left out when the entry is shown. `actor_id`
  // names a key or a member by `actor_kind`, and may outlive it.
  changelog_entries: {
    record: { row: { type: 'ChangelogEntryRecord', from: 'domain/changelog-entries' }, indexes: { by_board: 'board_id' } },
    lock: { kind: 'changelogEntry', inserted: 'insertChangelogEntry' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      board_id: { type: 'integer', references: 'boards' },
      title: 'text',
      body: 'text',
      post_ids: 'json',
      publish_at: { type: 'key', null: true },
      published_at: { type: 'key', null: true },
      actor_kind: 'text',
      actor_id: { type: 'integer', null: true },
      created_at: 'key',
    },
    indexes: {
      published: { on: 'board_id, published_at, id', where: 'published_at IS NOT NULL' },
      // The entries waiting for their time, of every board: what the publishing job reads.
      due: { on: 'publish_at, id', where: 'published_at IS NULL' },
    },
  },
  /**
   * What imports made, by the source id of the row each record was made from, per board, so that
   * importing the same rows again skips them. `record_id` names a post or a comment and is a plain
   * number: a deleted post stays imported, and a re-import does not bring it back.
   */
  import_sources: {
    record: { row: { type: 'ImportSourceRecord', from: 'domain/records' }, indexes: { by_board: 'board_id' } },
    columns: {
      board_id: { type: 'integer', references: 'boards' },
      source_id: 'key',
      record_id: 'integer',
      imported_at: 'key',
    },
    primaryKey: ['board_id', 'source_id'],
    withoutRowid: true,
  },
  evidence: {
    record: { row: { type: 'EvidenceRecord', from: 'domain/records' }, indexes: { by_post: 'post_id', by_post_action_key: ['post_id', 'action_key'] } },
    columns: {
      id: 'id',
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      kind: 'text',
      ref: 'text',
      label: 'text',
      added_at: 'key',
      action_key: { type: 'key', null: true },
    },
    checks: ["kind IN ('branch', 'commit', 'pr', 'transcript', 'url')"],
    indexes: {
      action_key: { on: 'post_id, action_key' },
      post: { on: 'post_id, added_at, id' },
    },
  },
  claims: {
    record: { row: { type: 'ClaimRecord', from: 'domain/records' } },
    columns: {
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      api_key_id: { type: 'integer', references: 'api_keys' },
      agent_label: 'text',
      claimed_at: 'key',
      expires_at: 'key',
    },
    primaryKey: ['post_id'],
    indexes: {
      key: { on: 'api_key_id', sqlite: false },
    },
  },
  /**
   * Each post's activity log, append-only: one row per change, written in the transaction of the
   * change, naming the actor by kind and id (`actor_id` null for the system; an integration
   * connection's id for what its delivery did) with the kind's detail as
   * JSON text. A page of the log, newest first, is one walk of the `post` index backwards.
   */
  post_activity: {
    record: {
      name: 'activity',
      row: { type: 'ActivityRecord', from: 'domain/activity' },
      indexes: { by_post: 'post_id' },
      links: [
        { field: 'actor_id', table: 'api_keys', when: { field: 'actor_kind', value: 'api_key' } },
        { field: 'actor_id', table: 'team_members', when: { field: 'actor_kind', value: 'team_member' } },
        { field: 'actor_id', table: 'voters', when: { field: 'actor_kind', value: 'voter' } },
        { field: 'actor_id', table: 'integration_connections', when: { field: 'actor_kind', value: 'connection' } },
      ],
    },
    columns: {
      id: 'id',
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      kind: 'text',
      at: 'key',
      actor_kind: 'text',
      actor_id: { type: 'integer', null: true },
      detail: 'json',
    },
    checks: ["actor_kind IN ('api_key', 'team_member', 'voter', 'connection', 'system')"],
    indexes: {
      post: { on: 'post_id, id' },
    },
  },
} as const satisfies TableDeclarations;
