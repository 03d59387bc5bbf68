/**
 * SQLite's own read of a page of posts' images (the rest of the aggregate is
 * adapters/sql/tx/attachments.ts): most boards have no images, and here one probe of the index
 * between the page's lowest and highest id costs less than the parse and the probes of the list
 * it spares. PostgreSQL reads the list at once, where the probe would be a round trip of its own.
 */
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqliteSeam } from '../seam.js';

type PostAttachments = Pick<AggregateMethods<'attachments'>, 'listPostAttachments'>;

/** `shared` answers the page once the probe finds an image in its id range. */
export function sqliteAttachmentsMethods(db: SqliteSeam, shared: PostAttachments): PostAttachments {
  return {
    async listPostAttachments(postIds) {
      if (postIds.length > 1) {
        let low = postIds[0]!;
        let high = low;
        for (const id of postIds) {
          if (id < low) low = id;
          else if (id > high) high = id;
        }
        if (db.sql.value<number>('SELECT EXISTS (SELECT 1 FROM fb_attachments WHERE post_id BETWEEN ? AND ?)', low, high) === 0) return [];
      }
      return shared.listPostAttachments(postIds);
    },
  };
}
