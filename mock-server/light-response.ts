/**
 * The answer of `mock.fetch(url, init)` on its light path (light-request.ts): a `Response` whose
 * body is a string the handler already holds. Building a Fetch `Response` and reading it back
 * (`json()`) costs about 30 µs in Node 20, a third of the mock's whole GET of one post: the
 * constructor makes a `Headers` list and a body stream, and each read goes through that stream.
 *
 * This one keeps the string and the init, and answers `status`, `ok`, `headers`, `text()`,
 * `json()` and `arrayBuffer()` from them. Anything else (`body`, `blob()`, `formData()`,
 * `bytes()`) builds the Fetch `Response` it stands for, once, and every later call goes to that
 * one. It is an instance of `Response` and follows its rules: a body is read once (a second read
 * rejects with a `TypeError`, as does `clone()` after a read; no body at all reads as empty text
 * any number of times), and `bodyUsed` says whether it was.
 */

/** The global `Response` as the module was loaded (what `instanceof Response` checks). */
const FetchResponse = globalThis.Response;

const utf8 = new TextEncoder();

const used = () => new TypeError('Body is unusable: Body has already been read');

/** The init a light answer is built with: a status and plain headers. */
export interface LightResponseInit {
  status: number;
  headers: Record<string, string>;
}

export class LightResponse {
  #text: string | null;
  #init: LightResponseInit;
  #headers: Headers | null = null;
  #read = false;
  #fetchResponse: Response | null = null;

  constructor(text: string | null, init: LightResponseInit) {
    this.#text = text;
    this.#init = init;
  }

  /** The Fetch `Response` this one stands for, built on first need. */
  #real(): Response {
    if (this.#fetchResponse === null) {
      this.#fetchResponse = new FetchResponse(this.#text, { status: this.#init.status, headers: this.headers });
      // A body read here was read for that one too.
      if (this.#read) void this.#fetchResponse.arrayBuffer().catch(() => undefined);
    }
    return this.#fetchResponse;
  }

  /** The body's text, marking it read; rejects if it was. */
  #take(): Promise<string> {
    const text = this.#text;
    // No body (a 204) is never used up: each read gives the empty text.
    if (text === null) return Promise.resolve('');
    if (this.#read) return Promise.reject(used());
    this.#read = true;
    return Promise.resolve(text);
  }

  get status(): number {
    return this.#init.status;
  }
  get ok(): boolean {
    return this.#init.status >= 200 && this.#init.status <= 299;
  }
  get statusText(): string {
    return '';
  }
  get type(): ResponseType {
    return 'default';
  }
  get url(): string {
    return '';
  }
  get redirected(): boolean {
    return false;
  }
  get headers(): Headers {
    if (this.#fetchResponse !== null) return this.#fetchResponse.headers;
    return (this.#headers ??= new Headers(this.#init.headers));
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#real().body;
  }
  get bodyUsed(): boolean {
    return this.#fetchResponse !== null ? this.#fetchResponse.bodyUsed : this.#read;
  }

  text(): Promise<string> {
    return this.#fetchResponse !== null ? this.#fetchResponse.text() : this.#take();
  }
  json(): Promise<unknown> {
    return this.#fetchResponse !== null ? this.#fetchResponse.json() : this.#take().then((text) => JSON.parse(text) as unknown);
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#fetchResponse !== null) return this.#fetchResponse.arrayBuffer();
    return this.#take().then((text) => {
      const bytes = utf8.encode(text);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    });
  }
  blob(): Promise<Blob> {
    return this.#real().blob();
  }
  formData(): Promise<FormData> {
    return this.#real().formData();
  }
  bytes(): Promise<Uint8Array> {
    return (this.#real() as Response & { bytes(): Promise<Uint8Array> }).bytes();
  }
  clone(): Response {
    if (this.#fetchResponse !== null) return this.#fetchResponse.clone();
    if (this.#read) throw used();
    const headers: Record<string, string> = {};
    if (this.#headers === null) Object.assign(headers, this.#init.headers);
    else for (const [name, value] of this.#headers) headers[name] = value;
    return new LightResponse(this.#text, { status: this.#init.status, headers }) as unknown as Response;
  }
}

// `instanceof Response` holds, and what it does not define (`Symbol.toStringTag`) is Response's.
Object.setPrototypeOf(LightResponse.prototype, FetchResponse.prototype);

/** A light answer, typed as the `Response` it behaves as. */
export function lightResponse(text: string | null, init: LightResponseInit): Response {
  return new LightResponse(text, init) as unknown as Response;
}
