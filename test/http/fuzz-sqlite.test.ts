/** The fuzz suite (fuzz-suite.ts) on the SQLite adapter, in a file of its own. */
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { tempDir } from '../adapters/sqlite/helpers.js';
import { defineFuzzSuite } from './fuzz-suite.js';

defineFuzzSuite('SQLite', () => {
  const temp = tempDir();
  return { storage: createSqliteStorage({ path: temp.file() }, { synchronous: 'NORMAL' }), done: temp.remove };
});
