/** The shape of the pages' routes, shared by the public routes and the dashboard's. */
import type { PageContext } from './context.js';

/** A route's handler: the context, the path parameters, and the form of a POST. */
export type RouteHandler = (ctx: PageContext, params: string[], form: FormData) => Promise<Response>;

/** One route: method, path pattern (groups are the parameters), handler. */
export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: RouteHandler;
  /**
   * A POST authorized by a signed token in its URL alone, exempt from the CSRF and Origin checks:
   * only the RFC 8058 one-click unsubscribe, which mail programs send without cookies.
   */
  oneClick?: true;
  /** The route takes images: its form may be `multipart/form-data`, up to the board's limits. */
  uploads?: true;
}
