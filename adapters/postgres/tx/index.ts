/**
 * The StorageTx handed to a transaction's function: every aggregate of the contract in SQL, behind
 * the contract's guard (src/storage/guarded-tx.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { AggregateFactories } from '../../../src/storage/contract/registry.js';
import { storageTxFrom } from '../../../src/storage/guarded-tx.js';
import type { Sql } from '../sql.js';
import { postgresSeam, type PostgresSeam } from '../seam.js';
import { agentMethods } from '../../sql/tx/agent.js';
import { boardsMethods } from '../../sql/tx/boards.js';
import { ssoMethods } from '../../sql/tx/sso.js';
import { statisticsMethods } from '../../sql/tx/statistics.js';
import { engagementMethods } from '../../sql/tx/engagement.js';
import { postsMethods } from '../../sql/tx/posts.js';
import { accessMethods } from '../../sql/tx/access.js';
import { peopleMethods } from '../../sql/tx/people.js';
import { accountsMethods } from '../../sql/tx/accounts.js';
import { oauthMethods } from '../../sql/tx/oauth.js';
import { moderationMethods } from '../../sql/tx/moderation.js';
import { activityMethods } from '../../sql/tx/activity.js';
import { attachmentsMethods } from '../../sql/tx/attachments.js';
import { postgresAgentMethods } from './agent.js';
import { postgresEngagementMethods } from './engagement.js';
import { mailMethods } from './mail.js';
import { postgresSsoMethods } from './sso.js';
import { postgresPostsMethods } from './posts.js';
import { postgresStatisticsMethods } from './statistics.js';
import { webhooksMethods } from './webhooks.js';

/** Each aggregate's methods over a transaction's connection. */
const FACTORIES: AggregateFactories<PostgresSeam> = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: (db) => ({ ...postsMethods(db), ...postgresPostsMethods(db) }),
  agent: (db) => ({ ...agentMethods(db), ...postgresAgentMethods(db) }),
  engagement: (db) => ({ ...engagementMethods(db), ...postgresEngagementMethods(db) }),
  statistics: (db) => ({ ...statisticsMethods(db), ...postgresStatisticsMethods(db) }),
  webhooks: (db) => webhooksMethods(db.sql),
  people: peopleMethods,
  moderation: moderationMethods,
  oauth: oauthMethods,
  mail: (db) => mailMethods(db.sql),
  activity: activityMethods,
  attachments: attachmentsMethods,
  sso: (db) => ({ ...ssoMethods(db), ...postgresSsoMethods(db) }),
  access: accessMethods,
};

/** The SQL implementation of every method over one transaction's connection. */
export const pgMethods = (sql: Sql): StorageTx => storageTxFrom(FACTORIES, postgresSeam(sql));
