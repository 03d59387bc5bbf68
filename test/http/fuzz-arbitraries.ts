/**
 * Random requests for every operation: the operation's own method and path most of the time, with
 * path parameters, query strings, headers and bodies that mix valid values, near misses and junk.
 */
import fc from 'fast-check';
import { operationTable, type OperationName } from '../../src/http/operations.js';
import { pathParamNames, type PathParamName } from '../../src/http/path-params.js';

export const KEY_CHOICES = ['team', 'write', 'propose', 'read', 'other', 'invalid', 'none', 'differing', 'basic'] as const;
export type KeyChoice = (typeof KEY_CHOICES)[number];

/**
 * Ids of existing rows per path parameter, which the parameter names most of the time: posts for
 * `id` (and a merge's `into`), merged posts, held posts, voters. Only the parameters of the
 * operation's own path need any.
 */
export type LiveIds = Readonly<Record<Exclude<PathParamName, 'slug'>, readonly number[]>>;

export interface FuzzRequest {
  method: string;
  path: string;
  key: KeyChoice;
  contentType: string | undefined;
  /** undefined: no body; a string: sent as is. */
  body: string | undefined;
}

const weird = fc.constantFrom('', ' ', '\u0000', '\uD800', 'null', '💥', '%', '_', '<script>', 'a'.repeat(300), '0x10', '1e3', '1.5', '-1', 'NaN', 'true');

/** Any value a JSON field could hold, biased toward the troublesome ones. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: weird },
  { weight: 1, arbitrary: fc.constantFrom(null, -1, 0, 1.5, 2 ** 53, -(2 ** 31), 1e308, [], {}, { __proto__: 1 }) },
);

const text = (max: number) => fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.string({ minLength: max, maxLength: max + 2 }) }, { weight: 1, arbitrary: weird });
const status = fc.constantFrom('open', 'under_review', 'planned', 'in_progress', 'shipped', 'declined', 'OPEN', 'closed', '');
const url = fc.constantFrom('https://example.com/pr/1', 'http://x.test', 'javascript:alert(1)', 'ftp://x', '/relative', 'https://');
const evidence = fc.record(
  { kind: fc.constantFrom('url', 'pr', 'commit', 'branch', 'transcript', 'note'), ref: fc.oneof(url, text(2000)), label: text(200) },
  { requiredKeys: ['kind', 'ref'] },
);

/** Plausible values per body field; any field may also get any JSON. */
const FIELD: Record<string, fc.Arbitrary<unknown>> = {
  slug: fc.oneof(fc.constantFrom('features', 'new-board', 'a', '-x', 'x--y', 'UPPER', 'a'.repeat(65)), fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
  name: text(120),
  description: text(2000),
  welcome_message: text(2000),
  title: text(200),
  body: text(10_000),
  status,
  tags: fc.array(fc.oneof(fc.constantFrom('UI', 'ui', 'Data', 'x'), text(40)), { maxLength: 22 }),
  pinned: fc.boolean(),
  queue_rank: fc.oneof(fc.nat(5), fc.constant(null), fc.constant(-1), fc.constant(1.5)),
  implementation_evidence: fc.array(evidence, { maxLength: 3 }),
  notify_voters: fc.boolean(),
  ttl_seconds: fc.oneof(fc.integer({ min: -10, max: 90_000 }), fc.constant(1.5), fc.constant('60')),
  agent_label: text(100),
  kind: fc.constantFrom('url', 'pr', 'commit', 'branch', 'transcript', 'note', ''),
  ref: fc.oneof(url, text(2000)),
  label: text(200),
  action_key: fc.oneof(fc.constantFrom('k1', 'k2'), text(200)),
  note: text(2000),
  reason: text(1000),
  parent_comment_id: fc.oneof(fc.integer({ min: -1, max: 40 }), fc.constant('1'), fc.constant(1.5)),
  into: fc.oneof(fc.integer({ min: -1, max: 60 }), fc.constantFrom('1', 1.5, 99999)),
  // Acme's companies (one of them most of the time, so that votes on behalf get through), Globex's, none.
  company_id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('initech', 'hooli') }, { weight: 1, arbitrary: fc.constantFrom('globex-co', 'INITECH', '') }, { weight: 1, arbitrary: text(120) }),
};

const BODY_FIELDS: Partial<Record<OperationName, string[]>> = {
  createBoard: ['slug', 'name', 'description', 'welcome_message'],
  createPost: ['title', 'body', 'status', 'tags', 'pinned'],
  updatePost: ['title', 'body', 'status', 'tags', 'pinned', 'queue_rank', 'implementation_evidence', 'notify_voters'],
  claimPost: ['ttl_seconds', 'agent_label'],
  addEvidence: ['kind', 'ref', 'label', 'action_key'],
  proposeStatus: ['status', 'note'],
  createComment: ['body', 'parent_comment_id'],
  updateComment: ['body'],
  mergePost: ['into'],
  voteOnBehalf: ['company_id'],
  withdrawVoteOnBehalf: ['company_id'],
  rejectHeldPost: ['reason'],
  updateMailSettings: ['status', 'team_comment', 'reply', 'changelog'],
  createChangelogEntry: ['title', 'body', 'post_ids', 'publish_at'],
  updateChangelogEntry: ['title', 'body', 'post_ids', 'publish_at'],
  createIntegrationConnection: ['provider', 'base_url', 'target', 'token', 'secret', 'label'],
  rotateIntegrationConnectionSecret: ['secret'],
  linkPost: ['connection_id', 'action', 'url'],
  createChatTarget: ['platform', 'url', 'events'],
  createStatus: ['name', 'color', 'category'],
  updateStatus: ['name', 'color', 'position'],
  updateFields: ['fields'],
};

/** A chat URL: Slack's most of the time (the platform drawn most often), else another platform's, plain http, private or no URL. */
const chatUrl = fc.oneof(
  { weight: 5, arbitrary: fc.constant('https://hooks.slack.com/services/T0/B0/XXXX') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'https://discord.com/api/webhooks/1/token', 'https://acme.webhook.office.com/webhookb2/x', 'http://hooks.slack.com/services/T0/B0/X',
      'https://10.0.0.1/services/T0/B0/X', 'javascript:alert(1)',
    ),
  },
);
const connectionSecret = fc.constantFrom('a-given-secret-0123456789', 'another-secret-0123456789', 'short', 'has spaces in it, sixteen+');
/**
 * Plausible values of fields an operation reads its own way: the mail settings' kinds are
 * switches; a connection names a provider, and its base URL is public, private or no URL at all;
 * a chat target's URL is its platform's, another platform's, private or no URL at all.
 */
const OWN_FIELD: Partial<Record<OperationName, Record<string, fc.Arbitrary<unknown>>>> = {
  updateMailSettings: { status: fc.boolean(), team_comment: fc.boolean(), reply: fc.boolean(), changelog: fc.boolean() },
  // An entry's posts (live ones in bodyObject, most of the time) and time: absent, past, future, or not a date-time.
  createChangelogEntry: {
    post_ids: fc.oneof(fc.array(fc.integer({ min: -1, max: 60 }), { maxLength: 4 }), fc.constant(Array.from({ length: 51 }, (_, i) => i + 1)), fc.constant(['1'])),
    publish_at: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(undefined, null, '2020-01-01T00:00:00Z', '2099-01-01T09:00:00+02:00') },
      { weight: 1, arbitrary: fc.constantFrom('tomorrow', '2026-02-30T09:00:00Z', '2026-12-01T09:00:00', 1_800_000_000) },
    ),
  },
  get updateChangelogEntry() {
    return this.createChangelogEntry;
  },
  createIntegrationConnection: {
    provider: fc.constantFrom('github', 'github', 'gitlab', 'linear', 'jira', ''),
    base_url: fc.constantFrom('https://gitlab.example.com', 'https://github.example.com/api/v3', 'https://gitlab.example.com/', 'https://10.0.0.1', 'http://gitlab.example.com', 'javascript:alert(1)'),
    target: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('acme/app', null) }, { weight: 1, arbitrary: text(200) }),
    token: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('ghp_x', null) }, { weight: 1, arbitrary: text(1000) }),
    secret: connectionSecret,
    label: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('GitHub', '') }, { weight: 1, arbitrary: text(100) }),
  },
  rotateIntegrationConnectionSecret: { secret: connectionSecret },
  createChatTarget: {
    platform: fc.constantFrom('slack', 'slack', 'slack', 'slack', 'slack', 'discord', 'teams', 'irc', ''),
    url: chatUrl,
    events: fc.oneof(
      { weight: 3, arbitrary: fc.subarray(['post.created', 'post.status_changed', 'comment.created', 'proposal.created']) },
      { weight: 1, arbitrary: fc.constantFrom(['post.created', 'post.created'], ['vote.created'], 'post.created') },
    ),
  },
  // A status's name (new most of the time), colour and category, plausible or not.
  createStatus: {
    name: fc.oneof({ weight: 4, arbitrary: text(40) }, { weight: 1, arbitrary: fc.constantFrom('Open', 'planned', '') }),
    color: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('#123456', '#ABCDEF') }, { weight: 1, arbitrary: fc.constantFrom('red', '#12345', '', '#1234567') }),
    category: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('open', 'planned', 'shipped') }, { weight: 1, arbitrary: fc.constantFrom('under_review', '') }),
  },
  // A board's fields: a plausible list (or none), or one a rule refuses.
  updateFields: {
    fields: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom([], [{ key: 'plan', label: 'Plan', type: 'choice', options: ['Free', 'Pro'] }], [{ key: 'seats', label: 'Seats', type: 'number', required: true }]) },
      { weight: 1, arbitrary: fc.constantFrom([{ key: 'Plan', label: 'x', type: 'text' }], [{ key: 'a', label: 'x', type: 'choice' }], [{ key: 'a', label: 'x', type: 'date' }], 'plan') },
    ),
  },
  updateStatus: {
    name: fc.oneof({ weight: 4, arbitrary: text(40) }, { weight: 1, arbitrary: fc.constantFrom('Open', '') }),
    color: fc.constantFrom('#123456', 'blue'),
    position: fc.oneof(fc.integer({ min: -1, max: 1001 }), fc.constant('1')),
  },
  linkPost: {
    // Replaced by live connections, most of the time, in bodyObject.
    connection_id: fc.integer({ min: -1, max: 5 }),
    action: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constant('create') }, { weight: 1, arbitrary: fc.constantFrom('delete', '') }),
    url: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom('https://github.com/acme/app/issues/7', 'https://github.com/other/app/issues/7') }, { weight: 1, arbitrary: text(300) }),
  },
};

function bodyObject(op: OperationName, live: readonly number[], connections: readonly number[] = []): fc.Arbitrary<Record<string, unknown>> {
  const fields = BODY_FIELDS[op] ?? ['title', 'body'];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) model[f] = fc.oneof({ weight: 5, arbitrary: OWN_FIELD[op]?.[f] ?? FIELD[f]! }, { weight: 1, arbitrary: anyJson });
  // A merge needs a live post to merge into, most of the time.
  // A link needs a live connection, most of the time.
  if (op === 'linkPost') model['connection_id'] = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...connections) }, { weight: 1, arbitrary: fc.constantFrom(0, 99, '1') });
  if (op === 'createChangelogEntry' || op === 'updateChangelogEntry') model['post_ids'] = fc.oneof({ weight: 4, arbitrary: fc.subarray([...live], { maxLength: 3 }) }, { weight: 1, arbitrary: OWN_FIELD[op]!['post_ids']! });
  if (op === 'mergePost') model['into'] = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...live) }, { weight: 2, arbitrary: FIELD['into']! }, { weight: 1, arbitrary: anyJson });
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'vote_count', 'shipped_at', 'unknown'), anyJson, { maxKeys: 1 });
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }))
    .map(([a, b]) => ({ ...a, ...b }));
}

function body(op: OperationName, live: readonly number[], connections: readonly number[] = []): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: bodyObject(op, live, connections).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"title":', '[1,2', 'nul', '{"a":1}{"b":2}', '\uFEFF{}', '\uD800') },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
}

const QUERY_VALUES: Record<string, fc.Arbitrary<string>> = {
  status: fc.oneof(status, weird),
  q: fc.oneof(fc.string({ maxLength: 10 }), weird),
  tag: fc.oneof(fc.constantFrom('ui', 'UI', 'data', 'none'), weird),
  sort: fc.oneof(fc.constantFrom('new', 'top', 'old'), weird),
  limit: fc.oneof(fc.integer({ min: -2, max: 600 }).map(String), weird),
  offset: fc.oneof(fc.integer({ min: -2, max: 100 }).map(String), weird),
  period: fc.oneof(fc.constantFrom('month', 'week', '30d', '90d', 'year'), weird),
  unknown: weird,
};

function queryString(): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom(...Object.keys(QUERY_VALUES)), fc.nat()), { maxLength: 4 })
    .chain((pairs) =>
      pairs.length === 0
        ? fc.constant('')
        : fc.tuple(...pairs.map(([name]) => QUERY_VALUES[name]!)).map((values) => {
            const params = new URLSearchParams();
            pairs.forEach(([name], i) => params.append(name, values[i]!));
            return `?${params.toString()}`;
          }),
    );
}

/**
 * The similar-posts query: `text` (usually a plausible one, sometimes missing, short or weird)
 * with the query string of any other operation, so it meets the same `limit` and repeated values.
 */
function similarQueryString(): fc.Arbitrary<string> {
  const text = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('dark mode', 'Export reports to CSV', '   abc   ', 'Ideas 🌙 and more') },
    { weight: 1, arbitrary: fc.constantFrom('ab', '', 'a'.repeat(501)) },
    { weight: 1, arbitrary: weird },
  );
  return fc.tuple(fc.option(text, { freq: 8 }), queryString()).map(([value, rest]) => {
    if (value === null) return rest;
    const first = new URLSearchParams({ text: value }).toString();
    return rest === '' ? `?${first}` : `?${first}&${rest.slice(1)}`;
  });
}

const slug = fc.oneof(
  { weight: 24, arbitrary: fc.constant('features') },
  { weight: 1, arbitrary: fc.constant('globex') },
  { weight: 1, arbitrary: fc.constantFrom('nope', 'FEATURES', '%2e%2e', 'features%00', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent) },
);
const id = (live: readonly number[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...live).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '0x1', '1e3', '001', '%20', '99999999999999999999', 'abc') },
  );

/**
 * The keys a request for an operation of `scope` mostly carries: the key of that scope (twice) and
 * two of lower scopes, refused; rarely any other choice, a higher scope included.
 */
function keyFor(scope: string): fc.Arbitrary<KeyChoice> {
  const usual: KeyChoice[] = scope === 'team' ? ['team', 'team', 'write', 'read'] : ['write', 'write', 'propose', 'read'];
  const rare = KEY_CHOICES.filter((choice) => !usual.includes(choice));
  return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...usual) }, { weight: 1, arbitrary: fc.constantFrom(...rare) });
}

/** A request for `op`, with its method most of the time; `live` are ids of existing rows. */
/** The changelog entries' query: `state` (usually one of its two, sometimes another word or weird), then the common parameters. */
function changelogEntriesQueryString(): fc.Arbitrary<string> {
  const state = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('published', 'scheduled') }, { weight: 1, arbitrary: fc.oneof(fc.constant('draft'), weird) });
  return fc.tuple(fc.option(state, { freq: 3 }), queryString()).map(([value, rest]) => {
    if (value === null) return rest;
    const first = new URLSearchParams({ state: value }).toString();
    return rest === '' ? `?${first}` : `?${first}&${rest.slice(1)}`;
  });
}

export function requestFor(op: OperationName, live: LiveIds): fc.Arbitrary<FuzzRequest> {
  const spec = operationTable[op];
  const ids = Object.fromEntries(pathParamNames(spec.path).flatMap((name) => (name === 'slug' ? [] : [[name, id(live[name])]])));
  return fc
    .record({
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(spec.method as string) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD') }),
      slug,
      ids: fc.record(ids as Record<string, fc.Arbitrary<string>>),
      query:
        'query' in spec && spec.query === 'similarPostsQuery'
          ? similarQueryString()
          : 'query' in spec && spec.query === 'listChangelogEntriesQuery'
            ? changelogEntriesQueryString()
            : queryString(),
      key: keyFor(spec.scope),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(undefined, 'application/json; charset=utf-8', 'text/plain', 'APPLICATION/JSON', 'multipart/form-data', 'application/jsonx') },
      ),
      body: body(op, live.id, live.connection_id),
    })
    .map((r) => ({
      method: r.method,
      path: spec.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'slug' ? r.slug : r.ids[name]!)) + r.query,
      key: r.key,
      contentType: r.contentType,
      body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
    }));
}
