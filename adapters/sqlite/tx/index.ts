/**
 * The StorageTx handed to a transaction's function: every aggregate of the contract in SQL, behind
 * the contract's guard (src/storage/guarded-tx.ts).
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { AggregateFactories } from '../../../src/storage/contract/registry.js';
import { storageTxFrom } from '../../../src/storage/guarded-tx.js';
import type { Sql } from '../sql.js';
import { accountsMethods } from './accounts.js';
import { activityMethods } from './activity.js';
import { agentMethods } from './agent.js';
import { attachmentsMethods } from './attachments.js';
import { boardsMethods } from './boards.js';
import { engagementMethods } from './engagement.js';
import { moderationMethods } from './moderation.js';
import { oauthMethods } from './oauth.js';
import { mailMethods } from './mail.js';
import { ssoMethods } from './sso.js';
import { accessMethods } from './access.js';
import { peopleMethods } from './people.js';
import { postsMethods } from './posts.js';
import { statisticsMethods } from './statistics.js';
import { webhooksMethods } from './webhooks.js';

/** Each aggregate's methods over the connection. */
const FACTORIES: AggregateFactories<Sql> = {
  accounts: accountsMethods,
  boards: boardsMethods,
  posts: postsMethods,
  agent: agentMethods,
  engagement: engagementMethods,
  statistics: statisticsMethods,
  webhooks: webhooksMethods,
  people: peopleMethods,
  moderation: moderationMethods,
  oauth: oauthMethods,
  mail: mailMethods,
  activity: activityMethods,
  attachments: attachmentsMethods,
  sso: ssoMethods,
  access: accessMethods,
};

/** The SQL implementation of every method, built once per connection. */
export const sqlMethods = (sql: Sql): StorageTx => storageTxFrom(FACTORIES, sql);
