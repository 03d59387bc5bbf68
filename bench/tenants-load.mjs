// The HTTP load of bench/tenants.mjs: `clients` concurrent clients, each sending one write after
// another to the serve processes in turn (round robin, as a load balancer would). A share `storm`
// of the requests goes to one organization and, but for new posts, to one post of it; the others
// go to an organization drawn at random from the rest (but the slow one), and to one of its posts.
// `slowClients` more clients send the storm's mix to one post of the slow organization (whose
// row a slow transaction may hold).
//
// The writes are those of the API's agents and integrations (votes are a page action, not an API
// one): create a post, comment, change the status, claim, release the claim, propose a status.
// Every request is timed from sending to the end of the answer's body.

/** A small seeded generator (mulberry32): the same mix of requests on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['open', 'planned', 'in_progress'];

/** The writes and their shares (out of 100), for the storm's one post and for any other post. */
const MIX = {
  storm: [['comment', 40], ['claim', 15], ['release', 15], ['status', 15], ['propose', 10], ['create', 5]],
  other: [['create', 25], ['comment', 30], ['status', 15], ['claim', 10], ['release', 10], ['propose', 10]],
};

function pick(mix, r) {
  let at = r * 100;
  for (const [name, share] of mix) {
    if (at < share) return name;
    at -= share;
  }
  return mix.at(-1)[0];
}

/** The request of write `op` on post `post`: [method, path, body]. */
function request(op, post, r) {
  const base = '/boards/main/posts';
  switch (op) {
    case 'create':
      return ['POST', base, { title: `Load post ${Math.floor(r * 1e9)}` }];
    case 'comment':
      return ['POST', `${base}/${post}/comments`, { body: 'Same here, this would help our team.' }];
    case 'status':
      return ['PATCH', `${base}/${post}`, { status: STATUSES[Math.floor(r * STATUSES.length)] }];
    case 'claim':
      return ['POST', `${base}/${post}/claim`, { ttl_seconds: 600, agent_label: 'bench' }];
    case 'release':
      return ['DELETE', `${base}/${post}/claim`, undefined];
    case 'propose':
      // The load never sets 'shipped', so this proposal always differs from the post's status.
      return ['POST', `${base}/${post}/propose-status`, { status: 'shipped', note: 'Released in 4.2' }];
  }
  throw new Error(`unknown write ${op}`);
}

/** Empty tallies: latencies of accepted writes (ms) and answers by status code, for the storm and the others. */
export function newTally() {
  return { storm: { ms: [], codes: {} }, other: { ms: [], codes: {} }, slow: { ms: [], codes: {} } };
}

/**
 * Sends the load for `seconds` to `servers` (`{ api }` each) on behalf of `tenants` (from
 * seedTenants), tenant `stormIndex` taking the share `storm` and tenant `slowIndex` only the
 * requests of the `slowClients`; adds each answer to `tally` and resolves with it.
 */
export async function sendLoad({ servers, tenants, stormIndex, slowIndex, storm, clients, slowClients = 0, seconds, seed }, tally = newTally()) {
  const deadline = performance.now() + seconds * 1000;
  const others = tenants.map((_, n) => n).filter((n) => n !== stormIndex && n !== slowIndex);
  const client = async (c) => {
    const next = random(seed * 1000 + c);
    const slow = c >= clients;
    for (let i = 0; performance.now() < deadline; i++) {
      const part = slow ? 'slow' : next() < storm ? 'storm' : 'other';
      const tenant = part === 'slow' ? slowIndex : part === 'storm' ? stormIndex : others[Math.floor(next() * others.length)];
      const { key, posts } = tenants[tenant];
      const op = pick(part === 'other' ? MIX.other : MIX.storm, next());
      const post = part === 'other' ? posts[Math.floor(next() * posts.length)] : posts[0];
      const [method, path, body] = request(op, post, next());
      const api = servers[(c + i) % servers.length].api;
      const headers = { authorization: `Bearer ${key}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const into = tally[part];
      let res;
      try {
        res = await fetch(`${api}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        await res.arrayBuffer();
      } catch {
        // A connection closed under the request (a kept-alive socket the server had just closed):
        // no answer, counted as such.
        into.codes['no answer'] = (into.codes['no answer'] ?? 0) + 1;
        continue;
      }
      // Latencies are those of accepted writes; every answer is counted by its status code.
      if (res.ok) into.ms.push(performance.now() - started);
      into.codes[res.status] = (into.codes[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients + slowClients }, (_, c) => client(c)));
  return tally;
}
