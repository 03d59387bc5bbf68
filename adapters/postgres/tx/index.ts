/**
 * The StorageTx handed to a transaction's function: the store's SQL for what it answers itself,
 * the record stores' defaults over the same connection for the rest (../../sql/defaults.ts), behind
 * the contract's guard (src/storage/guarded-tx.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { Sql } from '../sql.js';
import { postgresSeam, type PostgresSeam } from '../seam.js';
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
import { postgresAgentMethods } from './agent.js';
import { postgresEngagementMethods } from './engagement.js';
import { postgresMailMethods } from './mail.js';
import { postgresPostsMethods } from './posts.js';
import { postgresSsoMethods } from './sso.js';
import { postgresStatisticsMethods } from './statistics.js';
import { postgresWebhooksMethods } from './webhooks.js';

/** Each aggregate's methods over a transaction's connection: the shared SQL, and PostgreSQL's own where it has some. */
export const POSTGRES_FACTORIES: SqlFactories<PostgresSeam> = {
  ...SHARED_FACTORIES,
  posts: (db) => ({ ...postsMethods(db), ...postgresPostsMethods(db) }),
  agent: (db) => ({ ...agentMethods(db), ...postgresAgentMethods(db) }),
  engagement: (db) => ({ ...engagementMethods(db), ...postgresEngagementMethods(db) }),
  statistics: (db) => ({ ...statisticsMethods(db), ...postgresStatisticsMethods(db) }),
  webhooks: (db) => ({ ...webhookMethods(db), ...postgresWebhooksMethods(db.sql) }),
  mail: (db) => ({ ...mailMethods(db), ...postgresMailMethods(db) }),
  attachments: attachmentsMethods,
  sso: (db) => ({ ...ssoMethods(db), ...postgresSsoMethods(db) }),
};

/** The SQL implementation of every method over one transaction's connection. */
export const pgMethods = (sql: Sql): StorageTx => sqlStorageTx(POSTGRES_FACTORIES, postgresSeam(sql));
