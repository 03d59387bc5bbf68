/**
 * A stand-in for a provider's API on 127.0.0.1: a real HTTP server that records each request and
 * answers it with a function the test gives (the provider's documented checks and answers), or
 * never answers (a timeout). `send` sends an outbound request as the webhook dispatcher will
 * (real fetch, no redirects, a timeout) and returns the answer or the transport failure.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { transportFailure, type OutboundAnswer, type OutboundFailure, type OutboundRequest } from '../../src/integrations/outbound.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer of the stand-in, or `'hang'` for none. */
export type ProviderAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

export interface ProviderServer {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  requests: RecordedRequest[];
  answer: (request: RecordedRequest) => ProviderAnswer;
  close(): Promise<void>;
}

export async function startProviderServer(answer: ProviderServer['answer']): Promise<ProviderServer> {
  const sockets = new Set<Socket>();
  const provider = { requests: [] as RecordedRequest[], answer } as ProviderServer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      provider.requests.push(recorded);
      const reply = provider.answer(recorded);
      if (reply === 'hang') return;
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const type = typeof reply.body === 'string' ? 'text/plain' : 'application/json; charset=utf-8';
      res.writeHead(reply.status, { 'content-type': type, ...reply.headers }).end(body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return provider;
}

/** Sends `request` once, as the dispatcher will: no redirects followed, `timeoutMs` at most. */
export async function send(request: OutboundRequest, timeoutMs = 2_000): Promise<OutboundAnswer | OutboundFailure> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === null ? {} : { body: request.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, headers: response.headers, body: await response.text(), received_at: Date.now() };
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' ? transportFailure('timeout', `${timeoutMs} ms`) : transportFailure('network', (error as Error).message);
  }
}

/** An answer built in the test, without a server. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}, receivedAt = Date.now()): OutboundAnswer {
  return { status, headers: new Headers(headers), body: typeof body === 'string' ? body : JSON.stringify(body), received_at: receivedAt };
}
