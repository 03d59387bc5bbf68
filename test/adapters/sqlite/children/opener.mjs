// Opens a database file that may not exist yet, at a moment agreed with its siblings, writes one
// organization and prints the schema versions it sees. Used to open one new file from several
// processes at once.
//
// argv[2]: JSON { modulePath, file, startAt (epoch ms) }
import { pathToFileURL } from 'node:url';

const { modulePath, file, startAt } = JSON.parse(process.argv[2]);
const { createSqliteStorage } = await import(pathToFileURL(modulePath).href);

while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
const storage = createSqliteStorage({ path: file });
const org = await storage.transaction('write', (tx) =>
  tx.insertOrganization({ name: `process ${process.pid}`, created_at: new Date().toISOString() }),
);
const versions = storage.database.prepare('SELECT version FROM fb_schema_migrations ORDER BY version').pluck().all();
await storage.close();
process.stdout.write(`${JSON.stringify({ orgId: org.id, versions })}\n`);
