/** The usage text of `feedback-board` (`--help`, and after a usage error). */
import { LIMIT_USAGE } from './limit-options.js';
import { NET_USAGE } from './net-options.js';
import { PUBLIC_USAGE } from './public-options.js';

/** A command line `feedback-board` refuses: printed with {@link USAGE}, exit 2. */
export class UsageError extends Error {}

/** What `feedback-board --help` prints. */
export const USAGE = `Usage: feedback-board serve [options]
       feedback-board mcp (--url URL | --db FILE) [--key KEY]   (see feedback-board mcp --help)
       feedback-board backup --db FILE TARGET   (a consistent copy of a SQLite file in use)
       feedback-board export --db FILE|URL [--out FILE]   (the whole store as JSON Lines)
       feedback-board import --db FILE|URL FILE   (such a file into an empty store)
       feedback-board import-csv --db FILE|URL --org NAME --board SLUG [--from FORMAT] FILE   (from CSV, Fider, UserVoice, Quackback)
       feedback-board import-canny --db FILE|URL --org NAME --board SLUG DIR   (from Canny's API answers)

Options:
  --port N              port to listen on (0 picks a free one; default 8787)
  --host H              address to bind (default 127.0.0.1)
  --db FILE|URL         SQLite database file (default ./feedback.db), or a PostgreSQL
                        URL (postgres://user:pass@host/db); created with demo data on
                        the first start
  --db-read URL         a streaming replica of the --db PostgreSQL server: read
                        transactions go to it (see docs/scaling.md)
  --db-write-lock organization|store
                        how PostgreSQL serializes writes: per organization (the
                        default) or one writer at a time (see docs/scaling.md)
  --db-pooler transaction|none
                        --db (and --db-read) is reached through a pooler in
                        transaction mode, such as PgBouncer: no session state, no
                        named prepared statements (detected when the pooler refuses
                        startup parameters; see docs/scaling.md)
  --memory              keep everything in memory (gone when the server stops)
  --fixture FILE        load this fixture (JSON) instead of the demo data; served from
                        memory unless --db names a new, empty file
${LIMIT_USAGE}  --agent-publishing    allow publishing boards through the API
  --allow-private-webhooks
                        deliver webhooks to loopback and private addresses too
                        (and fetch an SSO JWKS from them)
  --smtp URL            send sign-in links and mail to followers by SMTP
                        (smtp://user:pass@host:port); without it, sign-in links are
                        printed here and followers get no mail
${NET_USAGE}${PUBLIC_USAGE}  --log json|text|off   one line per request on stderr (default json): time, request id,
                        method, route pattern, status, duration
  --metrics             serve GET /metrics (Prometheus text format; needs prom-client)
  --metrics-port N      serve /metrics on this port instead of the main one
  -h, --help            show this help

Every option can also be set by an environment variable: FEEDBACK_BOARD_ and its name in
upper case with _ for - (FEEDBACK_BOARD_PORT, FEEDBACK_BOARD_RATE_LIMIT; 1 or 0 for switches).
An option on the command line wins over its variable.
`;
