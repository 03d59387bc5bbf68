/**
 * Closing a connection whose timeout fired (the keep-alive timeout after an answer, the idle
 * timeout during a request) only if nothing arrived on it in the meantime. Node destroys such a
 * connection as soon as its timer runs, and its timers run before it reads the sockets: when the
 * event loop was busy for longer than the keep-alive timeout (a slow synchronous request, a
 * module loaded on first use, a loaded machine), a request the client sent well within the
 * announced `Keep-Alive: timeout=5` sits unread in the socket when the timer runs, and the
 * connection is cut under it. Here the decision waits for the sockets to have been read (the
 * event loop's check phase, after its poll): a connection that received bytes is left open, its
 * request answered; one that received nothing is destroyed as before.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Makes `server`'s connection timeouts spare a connection whose next request already arrived. */
export function spareArrivedRequests(server: Server): void {
  // With a listener here, Node leaves destroying a timed-out connection to it.
  server.on('timeout', (socket: Socket) => {
    const bytesRead = socket.bytesRead;
    setImmediate(() => {
      if (socket.bytesRead === bytesRead) socket.destroy();
    });
  });
}
