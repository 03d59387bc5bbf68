/**
 * `feedback-board/widget`: a custom element that opens a board of feedback-board in a panel of the
 * host page. See docs/widget.md.
 *
 * ```html
 * <script type="module">import 'feedback-board/widget';</script>
 * <feedback-board-widget board="features" src="https://feedback.example.com"></feedback-board-widget>
 * ```
 *
 * The launcher button opens a modal dialog holding an iframe of the board's embed mode
 * (`{src}/embed/boards/{board}`), which the board's allowed embedding origins may frame. The
 * dialog keeps the keyboard inside it (Tab and Shift+Tab cycle through the close button and the
 * board), closes on Escape (pressed anywhere in it, the board's frame included) and gives focus
 * back to the launcher. A board that does not arrive (the board's settings do not list this site,
 * so the browser refuses the frame) leaves a message in the panel saying where the team allows
 * the site. Everything lives in a shadow root: the host's CSS does not reach in. No dependencies.
 */
import { WIDGET_STYLE } from './styles.js';

/** The tag name the element is defined under. */
export const WIDGET_TAG = 'feedback-board-widget';

/**
 * How long after its frame has loaded the board may take to say it arrived. Its first script posts
 * `feedback-board:ready` while the page is still loading, so this only absorbs the message's
 * delivery on a busy machine; a `ready` that comes later still puts the board back.
 */
const READY_GRACE_MS = 2000;

/** Returns the SSO token to sign the voter in with, fetched fresh for each opening, or nothing. */
export type SsoTokenSource = () => string | null | undefined | Promise<string | null | undefined>;

// Imported where there is no DOM (server rendering, tests in Node), the module defines nothing.
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

/**
 * `<feedback-board-widget board="slug" src="https://pages-origin">`. Attributes: `board` (the
 * board's slug), `src` (where the pages are served, with their base path), `label` (the launcher's
 * text, default "Feedback"), `sso-token` (a token from the host application). Set
 * {@link FeedbackBoardWidget.getSsoToken} instead of `sso-token` to fetch a fresh token each time
 * the panel opens.
 */
export class FeedbackBoardWidget extends ElementBase {
  /** Called on every opening, before the board loads; its token wins over the `sso-token` attribute. */
  getSsoToken: SsoTokenSource | undefined;

  readonly #root: ShadowRoot;
  readonly #launcher: HTMLButtonElement;
  readonly #layer: HTMLElement;
  readonly #dialog: HTMLElement;
  readonly #close: HTMLButtonElement;
  readonly #frame: HTMLIFrameElement;
  readonly #refused: HTMLElement;
  /** From open() until the frame's first load, which starts the wait for `ready`. */
  #awaitingLoad = false;
  /** Whether the board said `ready` since the panel last opened. */
  #arrived = false;
  #readyTimer: ReturnType<typeof setTimeout> | undefined;

  /** Builds the launcher and the (closed) panel in the element's shadow root. */
  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.innerHTML =
      `<style>${WIDGET_STYLE}</style><button class="launcher" part="launcher" type="button" aria-haspopup="dialog" aria-expanded="false"></button>` +
      '<div class="layer" hidden><div class="backdrop"></div><span class="edge" tabindex="0"></span>' +
      '<div class="dialog" role="dialog" aria-modal="true" part="panel"><div class="bar"><h2 class="title"></h2>' +
      '<button class="close" type="button">Close</button></div><iframe></iframe><div class="refused" role="alert" hidden></div></div>' +
      '<span class="edge" tabindex="0"></span></div>';
    const $ = <T extends Element>(selector: string) => this.#root.querySelector(selector) as T;
    this.#launcher = $('.launcher');
    this.#layer = $('.layer');
    this.#dialog = $('.dialog');
    this.#close = $('.close');
    this.#frame = $('iframe');
    this.#refused = $('.refused');
    this.#frame.addEventListener('load', () => this.#onFrameLoad());
    // A launcher that cannot open (no src or board, the token callback failed) says why on the console.
    this.#launcher.addEventListener('click', () => this.open().catch((error: unknown) => console.error(`<${WIDGET_TAG}> cannot open:`, error)));
    this.#close.addEventListener('click', () => this.close());
    $('.backdrop').addEventListener('click', () => this.close());
    // The edges around the dialog take focus only when Tab or Shift+Tab leaves it: send it round.
    const [first, last] = this.#root.querySelectorAll<HTMLElement>('.edge');
    first!.addEventListener('focus', () => (this.#frame.hidden ? (this.#refused.querySelector('a') ?? this.#close) : this.#frame).focus());
    last!.addEventListener('focus', () => this.#close.focus());
    this.#layer.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
    });
    this.#render();
  }

  /** The attributes whose changes re-label the element. */
  static get observedAttributes(): string[] {
    return ['board', 'label'];
  }

  /** Re-labels the launcher and the dialog when `board` or `label` change. */
  attributeChangedCallback(): void {
    this.#render();
  }

  /** Listens for Escape pressed inside the board's frame. */
  connectedCallback(): void {
    window.addEventListener('message', this.#onMessage);
  }

  /** Stops listening, and closes the panel without moving focus. */
  disconnectedCallback(): void {
    window.removeEventListener('message', this.#onMessage);
    this.#hide();
  }

  /** Whether the panel is open. */
  get isOpen(): boolean {
    return !this.#layer.hidden;
  }

  /** The address the panel loads: the board's embed mode, with `sso` when there is a token. */
  async panelUrl(): Promise<string> {
    const src = (this.getAttribute('src') ?? '').replace(/\/+$/, '');
    const board = this.getAttribute('board') ?? '';
    if (src === '' || board === '') throw new TypeError(`<${WIDGET_TAG}> needs both a src and a board attribute`);
    const url = new URL(`${src}/embed/boards/${encodeURIComponent(board)}`);
    const token = (this.getSsoToken ? await this.getSsoToken() : null) ?? this.getAttribute('sso-token');
    if (token) url.searchParams.set('sso', token);
    return url.href;
  }

  /**
   * Opens the panel (loading the board afresh, with a fresh token) and moves focus into it. Rejects,
   * leaving the panel closed, without `src` or `board` or when `getSsoToken` fails.
   */
  async open(): Promise<void> {
    const url = await this.panelUrl();
    this.#showRefusal(false);
    this.#arrived = false;
    this.#awaitingLoad = true;
    this.#frame.src = url;
    this.#layer.hidden = false;
    this.#launcher.setAttribute('aria-expanded', 'true');
    this.#close.focus();
  }

  /** Closes the panel and gives focus back to the launcher. */
  close(): void {
    if (!this.isOpen) return;
    this.#hide();
    this.#launcher.focus();
  }

  #hide(): void {
    this.#layer.hidden = true;
    this.#launcher.setAttribute('aria-expanded', 'false');
    this.#awaitingLoad = false;
    clearTimeout(this.#readyTimer);
  }

  /** The frame's first load after opening: a board that has not said `ready` shortly after was refused. */
  #onFrameLoad(): void {
    if (!this.#awaitingLoad) return;
    this.#awaitingLoad = false;
    clearTimeout(this.#readyTimer);
    this.#readyTimer = setTimeout(() => {
      if (!this.#arrived && this.isOpen) this.#showRefusal(true);
    }, READY_GRACE_MS);
  }

  /** Shows, in place of the frame, why the board is not there (or hides that again, focus kept in the panel). */
  #showRefusal(shown: boolean): void {
    if (!shown && this.#refused.contains(this.#root.activeElement)) this.#close.focus();
    this.#frame.hidden = shown;
    this.#refused.hidden = !shown;
    this.#refused.textContent = '';
    if (!shown) return;
    const src = (this.getAttribute('src') ?? '').replace(/\/+$/, '');
    const board = this.getAttribute('board') ?? '';
    const heading = document.createElement('p');
    heading.className = 'refused-title';
    heading.textContent = 'The board cannot be shown on this site.';
    const why = document.createElement('p');
    why.textContent =
      `Either its settings do not allow ${location.origin} to show it (a member of the board's team adds this address under ` +
      `Dashboard → Boards → Embedding), or ${src} did not answer.`;
    const link = document.createElement('a');
    link.href = `${src}/dashboard/boards/${encodeURIComponent(board)}/embedding`;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = 'Open the embedding settings';
    this.#refused.append(heading, why, link);
  }

  #render(): void {
    const label = this.getAttribute('label') || 'Feedback';
    this.#launcher.textContent = label;
    this.#root.querySelector('.title')!.textContent = label;
    this.#dialog.setAttribute('aria-label', label);
    this.#frame.title = `${label}: board ${this.getAttribute('board') ?? ''}`;
  }

  readonly #onMessage = (event: MessageEvent): void => {
    if (event.source !== this.#frame.contentWindow) return;
    if (event.data === 'feedback-board:escape') this.close();
    if (event.data === 'feedback-board:ready') {
      this.#arrived = true;
      if (this.#frame.hidden) this.#showRefusal(false);
    }
  };
}

/** Defines `<feedback-board-widget>` once (importing this module does it); a no-op without custom elements. */
export function defineFeedbackBoardWidget(): void {
  if (typeof customElements !== 'undefined' && !customElements.get(WIDGET_TAG)) customElements.define(WIDGET_TAG, FeedbackBoardWidget);
}

defineFeedbackBoardWidget();
