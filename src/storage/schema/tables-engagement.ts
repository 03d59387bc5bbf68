/**
 * Voters and what they do: votes, follows, comments, reactions, authorship and blocks; moderation and attachments.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

export const ENGAGEMENT_TABLES = {
  voters: {
    record: { row: { type: 'VoterRecord', from: 'domain/records' }, indexes: { by_organization_email: ['organization_id', 'email'] } },
    lock: { kind: 'voter', inserted: 'insertVoter' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      email: { type: 'key', null: true },
      name: 'text',
      created_at: 'key',
      locale: { type: 'key', null: true },
    },
    unique: [['organization_id', 'email']],
  },
  votes: {
    record: { row: { type: 'VoteRecord', from: 'domain/records' }, indexes: { by_post: 'post_id', by_voter: 'voter_id' } },
    columns: {
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      voter_id: { type: 'integer', references: 'voters' },
      created_at: 'key',
    },
    primaryKey: ['post_id', 'voter_id'],
    withoutRowid: true,
    indexes: {
      voter: { on: 'voter_id' },
      post_time: { on: 'post_id, created_at' },
    },
  },
  follows: {
    record: { row: { type: 'FollowRecord', from: 'domain/records' }, indexes: { by_post: 'post_id' } },
    columns: {
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      voter_id: { type: 'integer', references: 'voters' },
      following: 'flag',
      updated_at: 'key',
    },
    primaryKey: ['post_id', 'voter_id'],
    withoutRowid: true,
  },
  post_authors: {
    record: { row: { type: 'PostAuthorRecord', from: 'domain/records' }, indexes: { by_voter: 'voter_id' } },
    columns: {
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      voter_id: { type: 'integer', references: 'voters' },
      created_at: 'key',
    },
    primaryKey: ['post_id'],
    indexes: {
      voter: { on: 'voter_id, created_at' },
    },
  },
  voter_blocks: {
    record: { row: { type: 'VoterBlockRecord', from: 'domain/records' } },
    columns: {
      voter_id: { type: 'integer', references: 'voters' },
      blocked_at: 'key',
    },
    primaryKey: ['voter_id'],
  },
  comments: {
    record: { row: { type: 'CommentRecord', from: 'domain/records' }, indexes: { by_post: 'post_id', by_voter: 'voter_id' } },
    lock: { kind: 'comment', inserted: 'insertComment' },
    columns: {
      id: 'id',
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      parent_comment_id: { type: 'integer', null: true, references: 'comments', onDelete: 'cascade' },
      body: 'text',
      is_admin: 'flag',
      hidden: 'flag',
      voter_id: { type: 'integer', null: true, references: 'voters' },
      created_at: 'key',
      edited_at: { type: 'key', null: true },
      deleted_at: { type: 'key', null: true },
    },
    indexes: {
      voter: { on: 'voter_id, created_at', where: 'voter_id IS NOT NULL', postgres: { on: 'voter_id', where: null } },
      parent: { on: 'parent_comment_id' },
      post: { on: 'post_id, created_at, id' },
    },
  },
  comment_edits: {
    record: { row: { type: 'CommentEditRecord', from: 'domain/records' }, indexes: { by_comment: 'comment_id' } },
    columns: {
      id: 'id',
      comment_id: { type: 'integer', references: 'comments', onDelete: 'cascade' },
      body: 'text',
      replaced_at: 'key',
      by_team: 'flag',
    },
    indexes: {
      comment: { on: 'comment_id, id' },
    },
  },
  reactions: {
    record: { row: { type: 'ReactionRecord', from: 'domain/records' }, indexes: { by_comment: 'comment_id' } },
    columns: {
      comment_id: { type: 'integer', references: 'comments', onDelete: 'cascade' },
      voter_id: { type: 'integer', references: 'voters' },
      reaction: 'key',
      created_at: 'key',
    },
    primaryKey: ['comment_id', 'voter_id', 'reaction'],
    withoutRowid: true,
  },
  /**
   * Moderation, in tables of its own so that the post rows (and every statement, index and
   * trigger that reads them) stay as they were: the boards whose voters' posts wait for approval,
   * and each such submission with the team's decision. A held post is no post until approved, so
   * no list, count or statistic sees it. `post_id` names the post made on approval and is kept as
   * a plain number (a later delete of that post leaves the record of the decision as it was).
   */
  moderated_boards: {
    record: { row: { type: 'ModeratedBoardRow', from: 'storage/record-rows' } },
    columns: {
      board_id: { type: 'integer', references: 'boards' },
    },
    primaryKey: ['board_id'],
  },
  held_posts: {
    record: {
      row: { type: 'HeldPostRecord', from: 'domain/held-posts' },
      indexes: { by_organization_state: ['organization_id', 'state'], by_voter: 'voter_id' },
      links: [
        { field: 'post_id', table: 'posts' },
        { field: 'decided_by', table: 'team_members' },
      ],
    },
    lock: { kind: 'heldPost', inserted: 'insertHeldPost' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      board_id: { type: 'integer', references: 'boards' },
      voter_id: { type: 'integer', references: 'voters' },
      title: 'text',
      body: 'text',
      tag_slugs: 'json',
      created_at: 'key',
      state: 'text',
      reason: 'text',
      decided_at: { type: 'key', null: true },
      decided_by: { type: 'integer', null: true },
      post_id: { type: 'integer', null: true },
      // The values of the board's custom fields the voter gave (JSON); NULL for none.
      fields: { type: 'json', null: true },
    },
    checks: ["state IN ('waiting', 'approved', 'rejected')"],
    indexes: {
      voter: { on: 'voter_id, created_at, id' },
      organization_state: { on: 'organization_id, state, id' },
    },
  },
  /**
   * One row per image attached to a post, a comment or a held post (exactly one of the three is
   * set; a held post's become the post's on approval). Its bytes live in `attachment_bytes`,
   * apart, so that listing a post's attachments never reads them; both go with their post or
   * comment (a post's delete cascades to its comments, and from them to theirs). A comment moved
   * by a merge keeps its attachments: they name the comment, not its post.
   */
  attachments: {
    record: { row: { type: 'AttachmentRecord', from: 'domain/attachments' }, indexes: { by_post: 'post_id', by_comment: 'comment_id', by_held_post: 'held_post_id' } },
    lock: { kind: 'attachment' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      post_id: { type: 'integer', null: true, references: 'posts', onDelete: 'cascade' },
      comment_id: { type: 'integer', null: true, references: 'comments', onDelete: 'cascade' },
      held_post_id: { type: 'integer', null: true, references: 'held_posts' },
      filename: 'text',
      content_type: 'text',
      size: 'integer',
      width: 'integer',
      height: 'integer',
      sha256: 'text',
      created_at: 'key',
    },
    checks: [
      "content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')",
      'size >= 0',
      {
        sqlite: '(post_id IS NOT NULL) + (comment_id IS NOT NULL) + (held_post_id IS NOT NULL) = 1',
        postgres: '(post_id IS NOT NULL)::integer + (comment_id IS NOT NULL)::integer + (held_post_id IS NOT NULL)::integer = 1',
      },
    ],
    indexes: {
      held_post: { on: 'held_post_id, id', where: 'held_post_id IS NOT NULL' },
      comment: { on: 'comment_id, id', where: 'comment_id IS NOT NULL' },
      post: { on: 'post_id, id', where: 'post_id IS NOT NULL' },
    },
  },
  attachment_bytes: {
    record: { row: { type: 'AttachmentBytesRow', from: 'storage/record-rows' } },
    columns: {
      attachment_id: { type: 'integer', references: 'attachments', onDelete: 'cascade' },
      bytes: 'bytes',
    },
    primaryKey: ['attachment_id'],
  },
} as const satisfies TableDeclarations;
