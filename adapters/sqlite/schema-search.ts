/**
 * The search index of `q`: an FTS5 table with the trigram tokenizer over the folded title and
 * body (`foldCase`, computed in JavaScript), as external content of `fb_posts` kept in step by
 * triggers. `case_sensitive 1` because the text is already folded: SQLite's own folding differs
 * from `foldCase` outside ASCII. A needle of three characters or more is a phrase of its trigrams,
 * which matches exactly the texts containing it; shorter needles have no trigram and are answered
 * by scanning with `instr()` (see tx/posts.ts).
 *
 * New posts join the index in batches, not one write transaction each (search-batches.ts): the
 * index holds the posts up to `fb_search_indexed.through_id`, and a search tests the newer ones'
 * text as it tests a short needle. FTS5 writes a segment, its structure and its totals at every
 * transaction that adds a row, 6 of the 26 pages a new post wrote; a batch writes them once.
 */
import { SQLITE_SEARCH_BATCHES_V1 } from '../../src/storage/frozen-migration-rules.js';

/** The index as schema version 6 made it, with triggers for every post (frozen: that step's statements). */
export const SEARCH_INDEX_V1 = `
CREATE VIRTUAL TABLE fb_posts_search USING fts5(
  title_folded, body_folded,
  content = 'fb_posts', content_rowid = 'id',
  tokenize = 'trigram case_sensitive 1'
);
INSERT INTO fb_posts_search (fb_posts_search) VALUES ('rebuild');

CREATE TRIGGER fb_posts_search_insert AFTER INSERT ON fb_posts BEGIN
  INSERT INTO fb_posts_search (rowid, title_folded, body_folded) VALUES (new.id, new.title_folded, new.body_folded);
END;
CREATE TRIGGER fb_posts_search_delete AFTER DELETE ON fb_posts BEGIN
  INSERT INTO fb_posts_search (fb_posts_search, rowid, title_folded, body_folded)
    VALUES ('delete', old.id, old.title_folded, old.body_folded);
END;
CREATE TRIGGER fb_posts_search_update AFTER UPDATE OF title_folded, body_folded ON fb_posts BEGIN
  INSERT INTO fb_posts_search (fb_posts_search, rowid, title_folded, body_folded)
    VALUES ('delete', old.id, old.title_folded, old.body_folded);
  INSERT INTO fb_posts_search (rowid, title_folded, body_folded) VALUES (new.id, new.title_folded, new.body_folded);
END;
`;

/** The index as a new database has it: version 6's, then the batches' step. */
export const SEARCH_INDEX = SEARCH_INDEX_V1 + SQLITE_SEARCH_BATCHES_V1.map((statement) => `${statement};\n`).join('');
