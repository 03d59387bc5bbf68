/**
 * Schema version 8: the statistics triggers become installed code (see statistics.ts). The
 * hand-written triggers of versions 6 and 7 are dropped, and `fb_installed_code` records the
 * fingerprint of the code installed in their place, which the open that applies this step
 * installs at once, in the same transaction, rebuilding the counters from the stored rows.
 */
const HAND_WRITTEN_TRIGGERS = [
  'fb_agg_voter_insert', 'fb_agg_voter_delete', 'fb_agg_voter_update',
  'fb_agg_post_insert', 'fb_agg_post_update', 'fb_agg_post_hide', 'fb_agg_post_unhide', 'fb_agg_post_delete',
  'fb_agg_vote_insert', 'fb_agg_vote_delete', 'fb_agg_comment_insert', 'fb_agg_comment_delete',
  'fb_count_post_insert', 'fb_count_post_delete', 'fb_count_post_status',
  'fb_count_tag_insert', 'fb_count_tag_delete', 'fb_count_tag_gone',
  'fb_ship_voter_insert', 'fb_ship_voter_delete', 'fb_ship_voter_update',
  'fb_ship_post_insert', 'fb_ship_post_leave', 'fb_ship_post_join', 'fb_ship_post_delete',
  'fb_ship_vote_insert', 'fb_ship_vote_delete',
];

export const SCHEMA_INSTALLED_CODE = `
${HAND_WRITTEN_TRIGGERS.map((name) => `DROP TRIGGER ${name};`).join('\n')}

CREATE TABLE fb_installed_code (
  name TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  installed_at TEXT NOT NULL
) WITHOUT ROWID;
`;
