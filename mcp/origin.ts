/**
 * The `Origin` check of MCP's Streamable HTTP transport, against DNS rebinding: a page of another
 * site, or of a name that an attacker points at this server, must not reach the tools through a
 * visitor's browser. Requests without `Origin` come from agents, not browsers, and pass. One with
 * `Origin` passes when it is one of the allowed origins, or when it is the request's own origin
 * at a loopback address (`127.0.0.0/8`, `localhost`, `[::1]`), whose name no one else can point
 * here; a public name the server answers at must be allowed by name.
 */

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|localhost|\[::1\])$/i;

/** The allowed origins as given, each checked to be an origin (`https://host[:port]`, no path). */
export function checkedOrigins(origins: readonly string[]): ReadonlySet<string> {
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) throw new TypeError(`feedback-board mcp: allowedOrigins: "${origin}" is not an origin such as https://app.example.com`);
  }
  return new Set(origins);
}

/** True when the request may be served: no `Origin`, an allowed one, or its own at a loopback address. */
export function originAllowed(request: Request, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  if (allowed.has(origin)) return true;
  const own = new URL(request.url);
  return origin === own.origin && LOOPBACK.test(own.hostname);
}

/**
 * The 403 answer to a refused `Origin`, in the API's envelope. Its code, `forbidden_origin`, is
 * the transport's own (like the HTTP layer's), never answered by the API.
 */
export function forbiddenOrigin(): Response {
  const body = JSON.stringify({ error: { code: 'forbidden_origin', message: 'Requests from this Origin are not accepted here' } });
  return new Response(body, {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
