/**
 * The JSX runtime the pages are compiled with: each element is written to escaped HTML at once,
 * as a string marked escaped (the same mark as `raw` of `hono/html`, so the two mix).
 *
 * The pages are typed with `hono/jsx`'s JSX types (tsconfig.json), and were rendered with its
 * runtime. That runtime keeps its contexts in an `AsyncLocalStorage` and enters it for every
 * render; on Node 20 entering one turns on the promise hooks of the whole process for good, so
 * after the first page a server had served, every promise of every request paid them: a GET of
 * one post through the API, counted under callgrind, went from 292 K to 382 K instructions.
 * The pages use none of what needs it (contexts, asynchronous components, the hoisting of
 * `<title>` and `<link>` into `<head>`): their data is read before they render.
 *
 * What it writes, as `hono/jsx` does:
 * - text and attribute values escaped (`& < > ' "`); a child marked escaped (`raw`, another
 *   element) as it is; an attribute value escaped even then (`hono/jsx` wrote a `raw` one as it is);
 * - `null`, `undefined` and booleans as nothing;
 * - a boolean attribute of HTML (`disabled`, `checked`, ...) as `name=""` when true, not at all when
 *   false; `className` and `htmlFor` as `class` and `for`; an empty void element as `<br/>`.
 *
 * An invalid attribute name is left out; a tag name that could break out of the markup, a promise
 * (an asynchronous component) and a function value other than an event handler's are refused with
 * an error, never written. A `<title>` or `<link>` stays where it is written: `hono/jsx` moved some
 * into `<head>`, where the pages write them anyway.
 */

/** A string of HTML, marked so that it is not escaped again (the shape of `hono/html`'s `raw`). */
export interface HtmlEscapedString extends String {
  isEscaped: true;
}

type Props = Record<string, unknown> & { children?: unknown };
type Component = (props: Props) => unknown;

const ESCAPED = /[&<>'"]/;
const ESCAPED_ALL = /[&<>'"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };
const entity = (character: string): string => ENTITIES[character]!;

/**
 * `text` with the five characters of HTML's syntax written as references. Not the mails'
 * `escapeHtml` (src/mail/mailer.ts): that one leaves `'` and replaces without testing first, and
 * sits in the core browser bundle, whose budget has no room for this one (18 bytes over). A page
 * escapes hundreds of texts, and a global replace that finds nothing cost a board page 350 K more
 * instructions than the test here.
 */
export function escapeHtml(text: string): string {
  return ESCAPED.test(text) ? text.replace(ESCAPED_ALL, entity) : text;
}

/** `html` marked as escaped: written as it is. */
function escaped(html: string): HtmlEscapedString {
  const marked = new String(html) as HtmlEscapedString;
  marked.isEscaped = true;
  return marked;
}

const isEscaped = (value: unknown): value is HtmlEscapedString =>
  typeof value === 'object' && value !== null && (value as { isEscaped?: unknown }).isEscaped === true;

/** The elements written `<br/>` when they have no children. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** HTML's boolean attributes: present or absent, never `="false"`. */
const BOOLEAN = new Set([
  'allowfullscreen', 'async', 'autofocus', 'autoplay', 'checked', 'controls', 'default', 'defer', 'disabled', 'download',
  'formnovalidate', 'hidden', 'inert', 'ismap', 'itemscope', 'loop', 'multiple', 'muted', 'nomodule', 'novalidate', 'open',
  'playsinline', 'readonly', 'required', 'reversed', 'selected', 'shadowrootclonable', 'shadowrootdelegatesfocus', 'shadowrootserializable',
]);

/** The React spellings of attribute names and what HTML calls them. */
const ATTRIBUTE_NAMES: ReadonlyMap<string, string> = new Map([
  ['className', 'class'],
  ['htmlFor', 'for'],
  ['crossOrigin', 'crossorigin'],
  ['httpEquiv', 'http-equiv'],
  ['itemProp', 'itemprop'],
  ['fetchPriority', 'fetchpriority'],
  ['noModule', 'nomodule'],
  ['formAction', 'formaction'],
]);

const INVALID_NAME = /[\s"'<>/=`\\\x00-\x1f\x7f-\x9f]/;
const INVALID_TAG = /^[!?]|[\s"'<>/=`\\\x00-\x1f\x7f-\x9f]/;
/** Names already checked (the pages use a few dozen): a set lookup instead of a regular expression. */
const validNames = new Set<string>();
const validTags = new Set<string>();

function attributeName(key: string): string | null {
  const name = ATTRIBUTE_NAMES.get(key) ?? key;
  if (validNames.has(name)) return name;
  if (name === '' || INVALID_NAME.test(name)) return null;
  if (validNames.size < 1024) validNames.add(name);
  return name;
}

function checkTag(tag: string): void {
  if (validTags.has(tag)) return;
  if (INVALID_TAG.test(tag)) throw new Error(`Invalid JSX tag name: ${tag}`);
  if (validTags.size < 256) validTags.add(tag);
}

/** Writes `child` (text, a number, an element, a list of them) to `html`. */
function writeChild(child: unknown, html: string): string {
  if (typeof child === 'string') return html + escapeHtml(child);
  if (child === null || child === undefined || typeof child === 'boolean') return html;
  if (typeof child === 'number' || typeof child === 'bigint') return html + String(child);
  if (isEscaped(child)) return html + child.toString();
  if (Array.isArray(child)) {
    for (const item of child) html = writeChild(item, html);
    return html;
  }
  if (child instanceof Promise) {
    throw new TypeError('An asynchronous component or child cannot be rendered in a page: read its data before rendering');
  }
  return html + escapeHtml(String(child));
}

function writeAttributes(tag: string, props: Props): string {
  let html = '';
  for (const key in props) {
    if (key === 'children' || key === 'key' || key === 'ref') continue;
    const value = props[key];
    if (value === null || value === undefined) continue;
    const name = attributeName(key);
    if (name === null) continue;
    if (typeof value === 'boolean' && BOOLEAN.has(name)) {
      if (value) html += ` ${name}=""`;
      continue;
    }
    if (typeof value === 'function') {
      if (!name.startsWith('on')) throw new Error(`Invalid prop '${key}' of type 'function' supplied to '${tag}'.`);
      continue;
    }
    if (name === 'dangerouslySetInnerHTML' || (name === 'style' && typeof value === 'object')) {
      throw new TypeError(`The pages' JSX does not write '${name}' objects (on '${tag}')`);
    }
    if (value instanceof Promise) throw new TypeError(`An attribute cannot wait for a promise ('${key}' on '${tag}')`);
    // Escaped even when marked escaped: an element's HTML in an attribute would end it at its first quote.
    html += ` ${name}="${typeof value === 'number' ? String(value) : escapeHtml(String(value))}"`;
  }
  return html;
}

/** An element: a component called with its props, or a tag written with its attributes and children. */
export function jsx(tag: string | Component, props: Props): unknown {
  if (typeof tag === 'function') return tag(props);
  checkTag(tag);
  const children = props.children;
  const open = `<${tag}${writeAttributes(tag, props)}`;
  if (VOID.has(tag) && (children === undefined || children === null || (Array.isArray(children) && children.length === 0))) {
    return escaped(`${open}/>`);
  }
  return escaped(`${writeChild(children, `${open}>`)}</${tag}>`);
}

/** Children side by side, without an element around them. */
export function Fragment(props: { children?: unknown }): HtmlEscapedString {
  return escaped(writeChild(props.children, ''));
}

/** The same function under the names of a JSX transform's static children and development mode. */
export { jsx as jsxs, jsx as jsxDEV };
