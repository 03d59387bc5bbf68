/**
 * The aggregates both SQL stores answer with the shared SQL, by name. Each store's tx/index.ts
 * adds the others: those it answers in part its own way (its methods spread over the shared ones)
 * and those it still answers wholly its own way. A method or an aggregate none of them answers is
 * the record stores' default over SQL (../defaults.ts): saved views, for one.
 */
import type { SqlFactories } from '../defaults.js';
import type { SqlSeam } from '../seam.js';
import { accessMethods } from './access.js';
import { accountsMethods } from './accounts.js';
import { activityMethods } from './activity.js';
import { boardsMethods } from './boards.js';
import { integrationsMethods } from './integrations.js';
import { moderationMethods } from './moderation.js';
import { oauthMethods } from './oauth.js';
import { peopleMethods } from './people.js';
import { trashMethods } from './trash.js';
import { changelogMethods } from './changelog.js';
import { fieldsMethods } from './fields.js';

export const SHARED_FACTORIES = {
  accounts: accountsMethods,
  boards: boardsMethods,
  people: peopleMethods,
  moderation: moderationMethods,
  oauth: oauthMethods,
  activity: activityMethods,
  access: accessMethods,
  integrations: integrationsMethods,
  trash: trashMethods,
  changelog: changelogMethods,
  fields: fieldsMethods,
} satisfies SqlFactories<SqlSeam>;
