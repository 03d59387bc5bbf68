// json-server 0.17 as a peer in the benchmark: its own JSON file, the same post shapes, served by
// its router. Prints `listening on URL` when ready.
const jsonServer = require('json-server');

const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.bodyParser);
server.use(jsonServer.router(process.argv[2]));
const listener = server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${listener.address().port}`);
});
process.on('SIGTERM', () => listener.close(() => process.exit(0)));
