/**
 * Schema version 15: each post's activity log. `fb_post_activity` is append-only: one row per
 * change to a post, written in the transaction of the change, naming the actor by kind and id
 * (`actor_id` null for the system) and holding the kind's detail as JSON text. The rows go with
 * their post (ON DELETE CASCADE); a merged post keeps its own. A page of the log, newest first,
 * is one walk of `fb_post_activity_post` backwards from the cursor.
 */
export const SCHEMA_ACTIVITY = `
CREATE TABLE fb_post_activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  at TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('api_key', 'team_member', 'voter', 'system')),
  actor_id INTEGER,
  detail TEXT NOT NULL
);
CREATE INDEX fb_post_activity_post ON fb_post_activity (post_id, id);
`;
