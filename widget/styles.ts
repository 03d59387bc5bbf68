/**
 * The widget's stylesheet, inside its shadow root: the host page's CSS does not reach in, and this
 * does not leak out. Colours and position follow custom properties the host may set on the
 * element (`--fb-widget-accent`, `--fb-widget-accent-text`, `--fb-widget-z-index`).
 */
export const WIDGET_STYLE = `
:host{position:fixed;right:20px;bottom:20px;z-index:var(--fb-widget-z-index,2147483000);font:15px/1.4 system-ui,sans-serif}
:host([hidden]){display:none}
button{font:inherit;cursor:pointer;border-radius:8px}
.launcher{border:0;padding:10px 16px;background:var(--fb-widget-accent,#3451b2);color:var(--fb-widget-accent-text,#fff);box-shadow:0 2px 10px rgba(0,0,0,.25)}
.launcher:focus-visible,.close:focus-visible,iframe:focus-visible{outline:3px solid var(--fb-widget-accent,#3451b2);outline-offset:2px}
.backdrop{position:fixed;inset:0;background:rgba(15,20,35,.45)}
.dialog{position:fixed;right:20px;bottom:20px;width:min(440px,calc(100vw - 40px));height:min(680px,calc(100vh - 40px));display:flex;flex-direction:column;background:#fff;color:#1b1f2a;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.35);overflow:hidden}
.bar{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:8px 8px 8px 16px;border-bottom:1px solid #d8dce6}
.title{margin:0;font-size:16px;font-weight:600}
.close{border:1px solid #c3c8d4;background:#fff;color:#1b1f2a;padding:4px 10px}
iframe{flex:1;width:100%;border:0}
.refused{flex:1;padding:16px 20px;overflow:auto}
.refused p{margin:0 0 12px}
.refused-title{font-weight:600}
.refused a{color:var(--fb-widget-accent,#3451b2)}
[hidden]{display:none!important}
@media (max-width:520px){.dialog{inset:0;width:auto;height:auto;right:0;bottom:0;border-radius:0}}
`;
