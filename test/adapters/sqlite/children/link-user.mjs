// One process of the sign-in link race: at a shared start time it tries to use every link once,
// through the adapter's Storage only, and prints which links it won.
//
// argv[2]: JSON { modulePath, file, tokens, startAt, now }
// stdout: one JSON line { pid, won: [token hashes] }.
import { pathToFileURL } from 'node:url';

const { modulePath, file, tokens, startAt, now } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

const storage = createSqliteStorage({ path: file });
await storage.transaction('read', (tx) => tx.getSession('warm-up'));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const won = [];
for (const token of tokens) {
  const used = await storage.transaction('write', (tx) => tx.useSignInLink(token, now));
  if (used !== null) won.push(token);
}
await storage.close();
process.stdout.write(`${JSON.stringify({ pid: process.pid, won })}\n`);
