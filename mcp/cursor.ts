/**
 * Opaque paging cursors: a position as base64url JSON. Callers must treat a cursor as opaque (MCP's
 * pagination rule); the server checks that it decodes to a position of the expected shape, so a
 * forged or damaged cursor is refused rather than misread.
 */

/** Encodes `position` (plain JSON of numbers and ASCII strings) as an opaque cursor. */
export function encodeCursor(position: object): string {
  return btoa(JSON.stringify(position)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes a cursor made by {@link encodeCursor}; null when it is not one of the shape `isShape` accepts. */
export function decodeCursor<T>(cursor: string, isShape: (value: unknown) => value is T): T | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    return isShape(value) ? value : null;
  } catch {
    return null;
  }
}
