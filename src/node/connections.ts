/**
 * A cap on open connections that keeps serving well-behaved clients while idle ones flood in.
 * Past the cap, the new connection takes the place of an idle one: first the oldest that has not
 * yet sent a complete request, then the oldest idle keep-alive connection, then the connection
 * whose request body has arrived the slowest (a client dribbling a body). Only when every
 * connection is busy with a request whose body has arrived (or is young) is the new one closed.
 * Timeouts (set on the server) then clear whatever stays idle.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface State {
  /** Requests in progress on the connection. */
  busy: number;
  /** Requests answered or in progress so far. */
  requests: number;
  /** When the connection last became idle (or was opened). */
  idleSince: number;
}

/** Applies the cap to `server`; returns the number of open connections, for tests and reports. */
export function limitConnections(
  server: Server,
  maxConnections: number,
  slowestBody: () => Socket | undefined = () => undefined,
): { readonly open: number } {
  const sockets = new Map<Socket, State>();
  let clock = 0; // an ordering, not a time: enough to know which connection is older

  function victim(except: Socket): Socket | undefined {
    let best: Socket | undefined;
    let bestState: State | undefined;
    for (const [socket, state] of sockets) {
      if (socket === except || state.busy > 0) continue;
      const better =
        bestState === undefined ||
        (state.requests === 0 && bestState.requests > 0) ||
        ((state.requests === 0) === (bestState.requests === 0) && state.idleSince < bestState.idleSince);
      if (better) {
        best = socket;
        bestState = state;
      }
    }
    return best;
  }

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, requests: 0, idleSince: ++clock });
    socket.once('close', () => sockets.delete(socket));
    if (sockets.size > maxConnections) (victim(socket) ?? slowestBody() ?? socket).destroy();
  });
  server.on('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.busy += 1;
    state.requests += 1;
    response.once('close', () => {
      state.busy -= 1;
      state.idleSince = ++clock;
    });
  });
  return {
    get open() {
      return sockets.size;
    },
  };
}
