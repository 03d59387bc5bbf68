/**
 * The pages' icon, served from the handler at `{basePath}/assets/favicon.svg` and named by every
 * page's `<link rel="icon">`: a vote arrow on the accent colour. A browser asks for it once and
 * keeps it for a day; without it, every page view also asks for `/favicon.ico` and gets a 404.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3451b2"/>' +
  '<path d="M16 6 26 18h-6.5v8h-7v-8H6z" fill="#fff"/></svg>';

/** The headers of the icon: an image that cannot run anything, cached for a day. */
export const FAVICON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=86400',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};
