/**
 * A migration step of its own (see migrations.ts): a voter sign-in link names the organization
 * and e-mail address of its voter instead of a voter id, so that the voter is created only when
 * the link is used, and any link may carry a path of the pages to return to. SQLite cannot drop
 * a NOT NULL constraint, so the small table of links is rebuilt, keeping every stored link.
 */
export const SCHEMA_VOTER_LINKS = `
CREATE TABLE fb_sign_in_links_next (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('voter', 'team')),
  subject_id INTEGER,
  organization_id INTEGER,
  email TEXT,
  return_to TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  CHECK (subject_id IS NOT NULL OR (kind = 'voter' AND organization_id IS NOT NULL AND email IS NOT NULL))
) WITHOUT ROWID;
INSERT INTO fb_sign_in_links_next (token_hash, kind, subject_id, created_at, expires_at, used_at)
  SELECT token_hash, kind, subject_id, created_at, expires_at, used_at FROM fb_sign_in_links;
DROP TABLE fb_sign_in_links;
ALTER TABLE fb_sign_in_links_next RENAME TO fb_sign_in_links;
`;
