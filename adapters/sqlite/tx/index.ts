/**
 * The StorageTx handed to a transaction's function: the store's SQL for what it answers itself,
 * the record stores' defaults over the same connection for the rest (../../sql/defaults.ts), behind
 * the contract's guard (src/storage/guarded-tx.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';
import { sqliteSeam, type SqliteSeam } from '../seam.js';
import { sqlStorageTx, type SqlFactories } from '../../sql/defaults.js';
import { agentMethods } from '../../sql/tx/agent.js';
import { attachmentsMethods } from '../../sql/tx/attachments.js';
import { engagementMethods } from '../../sql/tx/engagement.js';
import { SHARED_FACTORIES } from '../../sql/tx/index.js';
import { postsMethods } from '../../sql/tx/posts.js';
import { ssoMethods } from '../../sql/tx/sso.js';
import { mailMethods } from '../../sql/tx/mail.js';
import { statisticsMethods } from '../../sql/tx/statistics.js';
import { webhookMethods } from '../../sql/tx/webhooks.js';
import { sqliteAgentMethods } from './agent.js';
import { sqliteAttachmentsMethods } from './attachments.js';
import { sqliteMailMethods } from './mail.js';
import { sqlitePostsMethods } from './posts.js';
import { sqliteSsoMethods } from './sso.js';
import { sqliteWebhooksMethods } from './webhooks.js';

/** Each aggregate's methods over the connection: the shared SQL, and SQLite's own where it has some. */
export const SQLITE_FACTORIES: SqlFactories<SqliteSeam> = {
  ...SHARED_FACTORIES,
  posts: (db) => ({ ...postsMethods(db), ...sqlitePostsMethods(db) }),
  agent: (db) => ({ ...agentMethods(db), ...sqliteAgentMethods(db) }),
  engagement: engagementMethods,
  statistics: statisticsMethods,
  webhooks: (db) => ({ ...webhookMethods(db), ...sqliteWebhooksMethods(db.sql) }),
  mail: (db) => ({ ...mailMethods(db), ...sqliteMailMethods(db.sql) }),
  attachments: (db) => {
    const shared = attachmentsMethods(db);
    return { ...shared, ...sqliteAttachmentsMethods(db, shared) };
  },
  sso: (db) => ({ ...ssoMethods(db), ...sqliteSsoMethods(db) }),
};

/** The SQL implementation of every method, built once per connection. */
export const sqlMethods = (sql: Sql): StorageTx => sqlStorageTx(SQLITE_FACTORIES, sqliteSeam(sql));
