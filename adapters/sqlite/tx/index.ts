/**
 * The StorageTx handed to a transaction's function: every aggregate of the contract in SQL, behind
 * the contract's guard (src/storage/guarded-tx.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { AggregateFactories } from '../../../src/storage/contract/registry.js';
import { storageTxFrom } from '../../../src/storage/guarded-tx.js';
import type { Sql } from '../sql.js';
import { sqliteSeam, type SqliteSeam } from '../seam.js';
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
import { sqliteAgentMethods } from './agent.js';
import { sqliteAttachmentsMethods } from './attachments.js';
import { mailMethods } from './mail.js';
import { sqliteSsoMethods } from './sso.js';
import { sqlitePostsMethods } from './posts.js';
import { webhooksMethods } from './webhooks.js';

/** Each aggregate's methods over the connection. */
const FACTORIES: AggregateFactories<SqliteSeam> = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: (db) => ({ ...postsMethods(db), ...sqlitePostsMethods(db) }),
  agent: (db) => ({ ...agentMethods(db), ...sqliteAgentMethods(db) }),
  engagement: engagementMethods,
  statistics: statisticsMethods,
  webhooks: (db) => webhooksMethods(db.sql),
  people: peopleMethods,
  moderation: moderationMethods,
  oauth: oauthMethods,
  mail: (db) => mailMethods(db.sql),
  activity: activityMethods,
  attachments: (db) => {
    const shared = attachmentsMethods(db);
    return { ...shared, ...sqliteAttachmentsMethods(db, shared) };
  },
  sso: (db) => ({ ...ssoMethods(db), ...sqliteSsoMethods(db) }),
  access: accessMethods,
};

/** The SQL implementation of every method, built once per connection. */
export const sqlMethods = (sql: Sql): StorageTx => storageTxFrom(FACTORIES, sqliteSeam(sql));
