/**
 * Where issue trackers deliver their events: `POST /integrations/{github|gitlab|linear}/
 * {connection_id}`, beside the API rather than under it (a delivery carries the provider's
 * signature, not an API key). The handler matches the path before authenticating and loads this
 * module on the first delivery, so the core carries only that match.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { IntegrationProvider } from '../domain/integrations.js';
import type { ServiceContext } from '../services/context.js';
import { receiveIntegrationDelivery } from '../services/integration-inbound.js';
import { requestTarget } from './request-path.js';

const DELIVERY_PATH = /^\/integrations\/(github|gitlab|linear)\/([1-9]\d{0,14})$/;

/** The provider and connection a delivery path names, or null. */
export function deliveryTarget(path: string): { provider: IntegrationProvider; connectionId: number } | null {
  const match = DELIVERY_PATH.exec(path);
  return match ? { provider: match[1] as IntegrationProvider, connectionId: Number(match[2]) } : null;
}

/** What a delivery needs of the request as the handler holds it. */
interface DeliveryRequest {
  readonly url: string;
  bodyBytes(maxBytes: number): Promise<Uint8Array> | Uint8Array;
  fetchRequest(): Request;
}

/**
 * A fresh header object for each answer: Node's bridge (@hono/node-server) adds `Content-Length`
 * to the object it is given, so a shared one would give every later answer the first one's length.
 */
const headers = () => ({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });

/**
 * Answers one delivery. Its body is read within the handler's limit (a larger one is 413, as for
 * the API); the posts it may name are those under this request's API root and the pages' root.
 */
export async function answerDelivery(ctx: ServiceContext, request: DeliveryRequest, maxBodyBytes: number, basePath: string): Promise<Response> {
  const target = deliveryTarget(requestTarget(request.url).path)!;
  try {
    const bytes = await request.bodyBytes(maxBodyBytes);
    const apiUrl = `${new URL(request.url).origin}${basePath}`;
    const pagesUrl = ctx.attachmentsBaseUrl() || new URL(apiUrl).origin;
    const answer = await receiveIntegrationDelivery(ctx, target.provider, target.connectionId, { headers: request.fetchRequest().headers, body: bytes }, { pages_url: pagesUrl, api_url: apiUrl });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: headers() });
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'payload_too_large') {
      return new Response(JSON.stringify({ error: error.message }), { status: 413, headers: headers() });
    }
    ctx.logger.error(`integration delivery to ${target.provider} connection ${target.connectionId} failed`, error);
    return new Response(JSON.stringify({ error: 'The delivery could not be handled; it may be sent again' }), { status: 500, headers: headers() });
  }
}
