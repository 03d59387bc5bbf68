/**
 * Which delivery targets are refused (docs/webhooks.md): anything but `http:` and `https:`,
 * and, unless private networks are allowed, loopback, private, link-local, unspecified and other
 * non-public addresses. Here only what the URL itself says can be checked (literal addresses and
 * `localhost`); the Node fetch of `feedback-board/node` also checks, and pins, what DNS resolves.
 */

/** Why a target is refused, or null when it may be sent to. */
export function refusedTarget(url: string, allowPrivateNetworks: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'refused: not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `refused: ${parsed.protocol} is not http or https`;
  if (allowPrivateNetworks) return null;
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) {
    return `refused: ${host} is a private or loopback address`;
  }
  return null;
}

function ipv4Parts(address: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // unspecified, "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  let text = address.split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4Parts(tail[1]!);
    if (!v4) return null;
    text = text.slice(0, -tail[1]!.length) + `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.some(Number.isNaN) ? null : groups;
}

/**
 * True for an IPv4 or IPv6 address that is not a public unicast address: loopback, private,
 * link-local, unspecified, carrier-grade NAT, multicast, reserved, and IPv4-mapped or NAT64
 * forms of those. False for a public address and for anything that is not an address.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Parts(address);
  if (v4) return privateIpv4(v4);
  const g = ipv6Groups(address);
  if (!g) return false;
  const [a, b, c, d, e, f, h1, h2] = g as [number, number, number, number, number, number, number, number];
  const embedded = [h1 >> 8, h1 & 255, h2 >> 8, h2 & 255];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) {
    // ::, ::1, IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form.
    return f === 0 && h1 === 0 && h2 <= 1 ? true : privateIpv4(embedded);
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return privateIpv4(embedded);
  return (
    (a & 0xfe00) === 0xfc00 || // unique local
    (a & 0xffc0) === 0xfe80 || // link-local
    (a & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (a & 0xff00) === 0xff00 || // multicast
    (a === 0x2001 && b === 0xdb8) // documentation
  );
}
