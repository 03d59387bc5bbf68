/**
 * CSV files for the import tests (src/node/csv-import.ts, `feedback-board import-csv`), in the
 * columns of docs/import.md.
 */

/** Every column, in the order of docs/import.md's example. */
export const HEADER = 'type,id,post_id,parent_id,title,body,status,email,name,created_at';
/** Noon-ish UTC on a day of March 2024, as a file would write it. */
export const T = (day: number): string => `2024-03-${String(day).padStart(2, '0')}T10:00:00Z`;

/** A good file: quoted fields with commas, quotes and line breaks; a thread; a repeated vote. */
export const GOOD_CSV = [
  HEADER,
  `post,p1,,,"Dark mode, please","Night owls say ""yes""\nand more",planned,Alice@Example.com,Alice,${T(1)}`,
  `post,p2,,,Export,,shipped,,,${T(2)}`,
  `vote,,p1,,,,,bob@example.com,Bob,${T(3)}`,
  `vote,,p1,,,,,alice@example.com,,${T(3)}`,
  `vote,,p1,,,,,BOB@example.com,,${T(4)}`,
  `vote,,p2,,,,,carol@example.com,,${T(4)}`,
  `comment,c2,p1,c1,,"Reply, to \"\"first\"\"",,,,${T(6)}`,
  `comment,c1,p1,,,First,,bob@example.com,,${T(5)}`,
  `comment,c3,p1,c2,,Deeper,,carol@example.com,,${T(7)}`,
  '',
].join('\n');
