/**
 * The pages' HTTP tests: a board with an organization, a published board, a draft and hostile
 * content, its pages handler, and a small cookie-keeping client that reads the CSRF token from
 * the forms it gets, as a browser would.
 */
import { createFeedbackBoard, createRecordingMailer, createRecordingNotifier, type FeedbackBoard, type FeedbackBoardOptions } from '../../src/index.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createPagesHandler, type PagesHandler, type PagesOptions } from '../../src/pages/index.js';

export const ORIGIN = 'http://pages.test';

/** Text that would run script if it were not escaped. */
export const HOSTILE = {
  title: '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">',
  body: '"><svg onload="window.__xss=3"></svg>',
  tag: '<b onmouseover="window.__xss=4">tag</b>',
  comment: '</p><script>window.__xss=5</script>',
  ref: 'javascript:window.__xss=6',
  label: '<a href="javascript:window.__xss=7">label</a>',
};

export interface PagesSetup {
  board: FeedbackBoard;
  pages: PagesHandler;
  orgId: number;
  writeKey: string;
  proposeKey: string;
  mailer: ReturnType<typeof createRecordingMailer>;
  notifier: ReturnType<typeof createRecordingNotifier>;
  clock: { now(): number; advance(ms: number): void };
  memberId: number;
  ids: { open: number; hidden: number; draftPost: number; hostile: number };
}

export async function setupPages(options: Partial<PagesOptions> = {}, boardOptions: Partial<FeedbackBoardOptions> = {}): Promise<PagesSetup> {
  let now = Date.UTC(2026, 10, 20, 12);
  const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
  const notifier = createRecordingNotifier();
  const board = createFeedbackBoard({ storage: createMemoryStorage(), clock, notifier, ...boardOptions });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const writeKey = (await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'ci' })).key;
  const proposeKey = (await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: 'agent' })).key;
  const api = await board.api(writeKey);
  await api.boards.create({ slug: 'features', name: 'Features' });
  await api.boards.create({ slug: 'drafts', name: 'Drafts' });
  const team = board.team(org.id);
  await team.boards.setPublished('features', true);
  const open = await api.posts.create('features', { title: 'Dark mode', body: 'Please', tags: ['UI'] });
  const hidden = await api.posts.create('features', { title: 'Secret hidden post' });
  await team.posts.setHidden(hidden.id, true);
  const draftPost = await api.posts.create('drafts', { title: 'Draft board post' });
  const hostile = await api.posts.create('features', { title: HOSTILE.title, body: HOSTILE.body, tags: [HOSTILE.tag] });
  await api.comments.create('features', hostile.id, { body: HOSTILE.comment });
  await api.posts.update('features', hostile.id, {
    implementation_evidence: [
      { kind: 'commit', ref: HOSTILE.ref, label: HOSTILE.label },
      { kind: 'url', ref: 'https://example.com/changelog', label: 'Release notes' },
    ],
  });
  const member = await team.members.add({ email: 'lead@acme.test', name: 'Lea' });
  const mailer = createRecordingMailer();
  const pages = createPagesHandler(board, { organizationId: org.id, mailer, ...options });
  return { board, pages, orgId: org.id, writeKey, proposeKey, mailer, notifier, clock, memberId: member.id, ids: { open: open.id, hidden: hidden.id, draftPost: draftPost.id, hostile: hostile.id } };
}

/** A client that keeps cookies and remembers the CSRF token of the last page it read. */
export class Client {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly pages: (request: Request) => Promise<Response>,
    readonly origin = ORIGIN,
  ) {}

  async request(method: string, path: string, init: { form?: Record<string, string>; multipart?: FormData; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body: string | FormData | undefined;
    if (init.multipart) {
      body = init.multipart;
      if (!headers.has('origin')) headers.set('origin', this.origin);
    } else if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set('content-type', 'application/x-www-form-urlencoded');
      if (!headers.has('origin')) headers.set('origin', this.origin);
    }
    const response = await this.pages(new Request(`${this.origin}${path}`, { method, headers, body }));
    for (const value of response.headers.getSetCookie()) {
      const [pair] = value.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const cookieValue = pair!.slice(eq + 1);
      if (/Max-Age=0/.test(value)) this.cookies.delete(name);
      else this.cookies.set(name, cookieValue);
    }
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, headers: response.headers, text, location: response.headers.get('location') };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  /** A form post with the CSRF token (unless `csrf` is given, possibly empty). */
  post(path: string, form: Record<string, string> = {}, options: { csrf?: string; headers?: Record<string, string> } = {}) {
    const csrf = options.csrf ?? this.csrf;
    return this.request('POST', path, { form: csrf === '' ? form : { csrf, ...form }, headers: options.headers });
  }
}

/** A file to send in a multipart form: its name, bytes and declared type (which the pages ignore). */
export interface UploadFile {
  filename: string;
  bytes: Uint8Array;
  type?: string;
}

/**
 * A multipart form post of `client` with the CSRF token (unless `csrf` is given, possibly empty),
 * the fields and the files in the field `images`.
 */
export function postFiles(client: Client, path: string, fields: Record<string, string>, files: UploadFile[], options: { csrf?: string } = {}) {
  const form = new FormData();
  const csrf = options.csrf ?? client.csrf;
  if (csrf !== '') form.append('csrf', csrf);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('images', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'image/png' }), file.filename);
  return client.request('POST', path, { multipart: form });
}

/** The raw token of the one-time link in an e-mail or printed line. */
export function linkToken(text: string): string {
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${text}`);
  return token;
}

/** Signs `client` in as the team member through a one-time link. */
export async function signInTeam(setup: PagesSetup, client: Client): Promise<void> {
  const { token } = await setup.board.signIn.createLink('team', setup.memberId);
  await client.get(`/sign-in/link?token=${token}`);
  const used = await client.post('/sign-in/link', { token });
  if (used.status !== 303) throw new Error(`team sign-in failed: ${used.status}`);
}

/** Signs `client` in as a voter through the e-mailed link. */
export async function signInVoter(setup: PagesSetup, client: Client, email = 'voter@example.com'): Promise<void> {
  await client.get('/sign-in');
  await client.post('/sign-in', { email });
  const token = linkToken(setup.mailer.messages.at(-1)!.text);
  await client.get(`/sign-in/link?token=${token}`);
  const used = await client.post('/sign-in/link', { token });
  if (used.status !== 303) throw new Error(`voter sign-in failed: ${used.status}`);
}
