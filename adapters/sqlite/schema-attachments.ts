/**
 * Schema version 15: attachments. `fb_attachments` holds one row per image attached to a post, a
 * comment or a held post (exactly one of `post_id`, `comment_id`, `held_post_id` is set; a held
 * post's become the post's on approval, and a held post is never deleted); its bytes live in
 * `fb_attachment_bytes`, apart, so that listing a post's attachments never reads them. Both go with
 * their post or comment by ON DELETE CASCADE (deleting a post cascades to its comments, and from
 * them to theirs). A comment moved by a merge keeps its attachments: they name the comment, not
 * its post. The lists read `fb_attachments_post`, `_comment` and `_held_post`.
 */
export const SCHEMA_ATTACHMENTS = `
CREATE TABLE fb_attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  post_id INTEGER REFERENCES fb_posts (id) ON DELETE CASCADE,
  comment_id INTEGER REFERENCES fb_comments (id) ON DELETE CASCADE,
  held_post_id INTEGER REFERENCES fb_held_posts (id),
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size INTEGER NOT NULL CHECK (size >= 0),
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((post_id IS NOT NULL) + (comment_id IS NOT NULL) + (held_post_id IS NOT NULL) = 1)
);
CREATE INDEX fb_attachments_post ON fb_attachments (post_id, id) WHERE post_id IS NOT NULL;
CREATE INDEX fb_attachments_comment ON fb_attachments (comment_id, id) WHERE comment_id IS NOT NULL;
CREATE INDEX fb_attachments_held_post ON fb_attachments (held_post_id, id) WHERE held_post_id IS NOT NULL;

CREATE TABLE fb_attachment_bytes (
  attachment_id INTEGER PRIMARY KEY REFERENCES fb_attachments (id) ON DELETE CASCADE,
  bytes BLOB NOT NULL
);
`;
