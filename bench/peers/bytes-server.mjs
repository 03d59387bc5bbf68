// The floor of the attachment benchmark: a plain `node:http` server doing only the transport of
// the same bytes. A POST reads the whole body into memory (as a multipart upload must be read) and
// answers 303; `GET /files/{n}` writes the n-th image of the run from memory with its type. The
// images come from the files named on the command line. Prints `listening on URL` when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const files = process.argv.slice(2).map((path) => readFileSync(path));

const server = createServer((request, response) => {
  if (request.method === 'POST') {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      response.writeHead(303, { location: `/files/${body.length}`, 'content-length': '0' });
      response.end();
    });
    return;
  }
  const bytes = files[Number(/^\/files\/(\d+)$/.exec(request.url ?? '')?.[1])];
  if (request.method !== 'GET' || bytes === undefined) {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length), 'x-content-type-options': 'nosniff' });
  response.end(bytes);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
