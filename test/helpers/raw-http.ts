/** Raw HTTP/1.1 over a socket, for requests no well-behaved client would send. */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` as is and reads until the server closes or `ms` pass; parses the first answer. */
export function rawRequest(port: number, bytes: string | Buffer, ms = 3000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['content-length'] !== undefined) body = body.slice(0, Number(headers['content-length']));
      if (status === 0) reject(new Error(`no answer: ${JSON.stringify(text)}`));
      else resolve({ status, headers, body });
    };
    const timer = setTimeout(finish, ms);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', () => finish());
    socket.write(bytes);
  });
}

/** Opens a connection that sends nothing; resolves once connected. */
export function idleConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}
