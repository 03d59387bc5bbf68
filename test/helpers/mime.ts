/**
 * Reading a received MIME message in tests: its header fields unfolded (RFC 2047 encoded words
 * decoded) and its text and HTML parts decoded from base64 or quoted-printable, whichever the
 * sender chose, line ends as `\n`.
 */

/** A decoded message: header fields by lower-case name, and the bodies of its text parts by type. */
export interface DecodedMail {
  header(name: string): string | undefined;
  parts: Record<string, string>;
}

const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
const quotedPrintable = (body: string) => utf8(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words decoded; the space between two such words dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  return { head: raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

const field = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];

/** Decodes `raw`, a message as an SMTP server received it. */
export function decodeMail(raw: string): DecodedMail {
  const { head, body } = splitHead(raw);
  const parts: Record<string, string> = {};
  const collect = (partHead: string, partBody: string) => {
    const type = (field(partHead, 'Content-Type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(field(partHead, 'Content-Type') ?? '')?.[1];
    if (boundary) {
      for (const piece of partBody.split(`--${boundary}`).slice(1, -1)) {
        const inner = splitHead(piece.replace(/^\r?\n/, ''));
        collect(inner.head, inner.body);
      }
      return;
    }
    const encoding = (field(partHead, 'Content-Transfer-Encoding') ?? '7bit').toLowerCase();
    parts[type] = (
      encoding === 'base64' ? Buffer.from(partBody.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? quotedPrintable(partBody) : utf8(partBody)
    ).replace(/\r\n/g, '\n');
  };
  collect(head, body);
  return { header: (name) => { const value = field(head, name); return value === undefined ? undefined : decodeWords(value); }, parts };
}
