/**
 * The pages' JSX runtime (src/pages/jsx/jsx-runtime.ts): what it writes and what it refuses, and
 * the reason it exists: the built pages render without turning on the process's promise hooks,
 * which `hono/jsx`'s runtime did through its `AsyncLocalStorage`, so that every later request of
 * the server paid for them (a GET of one post through the API: 292 K against 382 K instructions).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { raw } from 'hono/html';
import { describe, expect, it } from 'vitest';
import { escapeHtml, Fragment, jsx } from '../../src/pages/jsx/jsx-runtime.js';

const ROOT = resolve(import.meta.dirname, '../..');
const html = (value: unknown): string => String(value);

describe("the pages' JSX runtime", () => {
  it('escapes text and attribute values, and writes what is marked escaped as it is', () => {
    const hostile = `<script>alert('x')</script> & "quoted"`;
    expect(html(jsx('p', { title: hostile, children: hostile }))).toBe(
      '<p title="&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</p>',
    );
    expect(html(jsx('div', { children: raw('<b>kept</b>') }))).toBe('<div><b>kept</b></div>');
    expect(html(jsx('a', { title: jsx('b', { children: '"x"' }) }))).toBe('<a title="&lt;b&gt;&amp;quot;x&amp;quot;&lt;/b&gt;"></a>');
    expect(html(jsx('div', { children: jsx('em', { children: 'inner' }) }))).toBe('<div><em>inner</em></div>');
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('writes lists, numbers and fragments, and nothing for null, undefined and booleans', () => {
    const tree = jsx('ul', { children: [[1, 2].map((n) => jsx('li', { children: n })), null, undefined, false, true, 0] });
    expect(html(tree)).toBe('<ul><li>1</li><li>2</li>0</ul>');
    expect(html(Fragment({ children: ['a', jsx('br', {}), 'b'] }))).toBe('a<br/>b');
  });

  it('writes boolean attributes, React spellings, void elements and components as HTML does', () => {
    expect(html(jsx('input', { type: 'checkbox', checked: true, disabled: false, required: true }))).toBe('<input type="checkbox" checked="" required=""/>');
    expect(html(jsx('label', { className: 'field', htmlFor: 'q', children: 'Q' }))).toBe('<label class="field" for="q">Q</label>');
    expect(html(jsx('option', { value: 'top', selected: false, children: 'Top' }))).toBe('<option value="top">Top</option>');
    expect(html(jsx('div', { 'data-n': 3, hidden: undefined, 'aria-label': null }))).toBe('<div data-n="3"></div>');
    expect(html(jsx('a', { 'data-x': 'not-boolean', download: true }))).toBe('<a data-x="not-boolean" download=""></a>');
    const Card = (props: { title?: unknown; children?: unknown }) => jsx('section', { children: [jsx('h2', { children: props.title }), props.children] });
    expect(html(jsx(Card, { title: 'T', children: 'body' }))).toBe('<section><h2>T</h2>body</section>');
  });

  it('refuses a name that would break the markup, an asynchronous child and a function value', () => {
    expect(html(jsx('div', { 'x"onload="alert(1)': 'v', 'a b': 'v', ok: 'v' }))).toBe('<div ok="v"></div>');
    expect(() => jsx('di v', {})).toThrow(/Invalid JSX tag name/);
    expect(() => jsx('img"onerror', {})).toThrow(/Invalid JSX tag name/);
    expect(() => jsx('div', { children: Promise.resolve('late') })).toThrow(/asynchronous/);
    expect(() => jsx('div', { title: Promise.resolve('late') })).toThrow(/promise/);
    expect(() => jsx('div', { title: () => 'x' })).toThrow(/function/);
    expect(html(jsx('button', { onClick: () => undefined, children: 'b' }))).toBe('<button>b</button>');
    expect(() => jsx('div', { style: { color: 'red' } })).toThrow(/style/);
    expect(() => jsx('div', { dangerouslySetInnerHTML: { __html: '<b>x</b>' } })).toThrow(/dangerouslySetInnerHTML/);
  });
});

describe('the built pages and the promise hooks of the process', () => {
  it('render the boards, a board, a post, the roadmap and the sign-in page without turning the hooks on', () => {
    const script = `
      import { executionAsyncId } from 'node:async_hooks';
      import { createFeedbackBoard } from './dist/index.js';
      import { createMemoryStorage } from './dist/adapters/memory/index.js';
      import { createPagesHandler } from './dist/pages/index.js';
      // Without promise hooks a promise's callback runs with the id 0; with them, with its own.
      const hooked = async () => (await Promise.resolve().then(() => executionAsyncId())) !== 0;
      const board = createFeedbackBoard({ storage: createMemoryStorage() });
      const org = await board.dashboard.organizations.create({ name: 'Acme' });
      const key = (await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'k' })).key;
      const api = await board.api(key);
      await api.boards.create({ slug: 'features', name: 'Features' });
      await board.team(org.id).boards.setPublished('features', true);
      const post = await api.posts.create('features', { title: 'Dark <mode>', body: 'Please' });
      const pages = createPagesHandler(board, { organizationId: org.id });
      const before = await hooked();
      const answers = [];
      for (const path of ['/', '/boards/features', '/boards/features/posts/' + post.id, '/boards/features/roadmap', '/sign-in']) {
        const response = await pages(new Request('http://pages.test' + path));
        answers.push([path, response.status, (await response.text()).includes('<!DOCTYPE html>')]);
      }
      const page = await (await pages(new Request('http://pages.test/boards/features/posts/' + post.id))).text();
      console.log(JSON.stringify({ before, after: await hooked(), answers, escaped: page.includes('Dark &lt;mode&gt;') }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { before: boolean; after: boolean; answers: [string, number, boolean][]; escaped: boolean };
    expect(result.answers.map(([path, status, document]) => [path, status, document])).toEqual([
      ['/', 200, true],
      ['/boards/features', 200, true],
      [expect.stringMatching(/^\/boards\/features\/posts\/\d+$/), 200, true],
      ['/boards/features/roadmap', 200, true],
      ['/sign-in', 200, true],
    ]);
    expect(result.escaped).toBe(true);
    expect(result.before).toBe(false);
    expect(result.after).toBe(false);
  });

  it('would see the hooks turned on: an AsyncLocalStorage entered once turns them on', () => {
    const script = `
      import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
      const hooked = async () => (await Promise.resolve().then(() => executionAsyncId())) !== 0;
      const before = await hooked();
      new AsyncLocalStorage().run(new Map(), () => undefined);
      console.log(JSON.stringify({ before, after: await hooked() }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(run.stdout)).toEqual({ before: false, after: true });
  });
});
