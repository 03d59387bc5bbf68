/**
 * The pages' stylesheet, served from the handler at `{basePath}/assets/pages.css`. Colours are
 * custom properties on `:root`, so an application themes the pages by overriding them in a
 * stylesheet of its own (`stylesheetUrl` option), loaded after this one.
 */
export const STYLESHEET = `
:root {
  --fb-bg: #f6f7f9; --fb-surface: #ffffff; --fb-text: #1c2330; --fb-muted: #5b6474;
  --fb-border: #dde1e8; --fb-accent: #3451b2; --fb-accent-text: #ffffff; --fb-accent-soft: #e8edfb;
  --fb-danger: #b42318; --fb-ok: #1a7f37; --fb-radius: 10px;
  --fb-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
html { font-family: var(--fb-font); color: var(--fb-text); background: var(--fb-bg); line-height: 1.5; }
body { margin: 0; }
a { color: var(--fb-accent); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--fb-accent); outline-offset: 2px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; inset-inline-start: -999px; }
.skip:focus { inset-inline-start: 1rem; top: 1rem; background: var(--fb-surface); padding: .5rem 1rem; z-index: 10; }
header.site { background: var(--fb-surface); border-bottom: 1px solid var(--fb-border); }
header.site .bar { max-width: 980px; margin: 0 auto; padding: .75rem 1.25rem; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
header.site .brand { font-weight: 700; font-size: 1.1rem; color: var(--fb-text); text-decoration: none; margin-inline-end: auto; }
header.site nav { display: flex; gap: .25rem; flex-wrap: wrap; }
header.site nav a { text-decoration: none; color: var(--fb-muted); padding: .35rem .7rem; border-radius: 999px; }
header.site nav a[aria-current="page"] { background: var(--fb-accent-soft); color: var(--fb-accent); font-weight: 600; }
.who { display: flex; gap: .5rem; align-items: center; color: var(--fb-muted); font-size: .9rem; }
main { max-width: 980px; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
h1 { font-size: 1.7rem; margin: .25rem 0 .5rem; line-height: 1.25; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.75rem 0 .75rem; }
h3, h2.h3 { font-size: 1.05rem; margin: 0 0 .35rem; overflow-wrap: anywhere; }
p { margin: .4rem 0; }
.lead { color: var(--fb-muted); margin-bottom: 1.25rem; }
.muted { color: var(--fb-muted); }
.small { font-size: .875rem; }
.card { background: var(--fb-surface); border: 1px solid var(--fb-border); border-radius: var(--fb-radius); padding: 1rem 1.25rem; margin-bottom: .75rem; }
.history { list-style: none; padding: 0; margin: 0; background: var(--fb-surface); border: 1px solid var(--fb-border); border-radius: var(--fb-radius); }
.history li { padding: .5rem 1rem; border-top: 1px solid var(--fb-border); overflow-wrap: anywhere; }
.history li:first-child { border-top: 0; }
.history time { color: var(--fb-muted); font-size: .875rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: .75rem; }
.button, button { font: inherit; cursor: pointer; border-radius: 8px; border: 1px solid var(--fb-accent); background: var(--fb-accent); color: var(--fb-accent-text); padding: .45rem .9rem; text-decoration: none; display: inline-block; line-height: 1.3; }
.button.secondary, button.secondary { background: var(--fb-surface); color: var(--fb-accent); }
button.danger { background: var(--fb-surface); color: var(--fb-danger); border-color: var(--fb-danger); }
button.link { background: none; border: none; color: var(--fb-accent); padding: 0; text-decoration: underline; }
input, select, textarea { font: inherit; color: var(--fb-text); background: var(--fb-surface); border: 1px solid #8a93a3; border-radius: 8px; padding: .45rem .6rem; max-width: 100%; }
textarea { width: 100%; min-height: 5rem; }
label { font-weight: 600; font-size: .9rem; }
.field { display: flex; flex-direction: column; gap: .25rem; margin-bottom: .75rem; }
.field .required { font-weight: 400; color: var(--fb-muted); }
.field-error { color: var(--fb-danger); font-weight: 600; font-size: .875rem; margin: 0; }
[aria-invalid="true"] { border-color: var(--fb-danger); }
.post-fields { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .9rem; margin: .6rem 0; font-size: .9rem; }
.post-fields div { display: contents; }
.post-fields dt { color: var(--fb-muted); font-weight: 600; }
.post-fields dd { margin: 0; overflow-wrap: anywhere; }
.row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
input[type="color"] { width: 3rem; height: 2.4rem; padding: .2rem; cursor: pointer; }
.status-name { width: 12rem; }
.row.end { justify-content: flex-end; }
form.inline { display: inline; }
.filters { display: flex; gap: .5rem; flex-wrap: wrap; align-items: flex-end; margin-bottom: 1rem; }
.filters .field { margin: 0; }
.filters input, .filters select, .filters button { height: 2.5rem; }
.filters select { max-width: 14rem; }
.filters-hint { margin: -.5rem 0 1rem; }
.views h2 { font-size: 1.05rem; }
ul.views { list-style: none; padding: 0; margin: 0 0 .75rem; display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; }
ul.views li { display: flex; flex-direction: column; gap: .2rem; }
ul.views a[aria-current] { font-weight: 600; }
.views summary { font-size: .85rem; color: var(--fb-muted); cursor: pointer; }
.views details form { margin-top: .4rem; }
.narrow { max-width: 34rem; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: .75rem; }
.post { display: flex; gap: 1rem; align-items: flex-start; scroll-margin-top: 1rem; }
.votes { flex: 0 0 auto; min-width: 4.5rem; text-align: center; border: 1px solid var(--fb-border); border-radius: 8px; padding: .35rem .25rem; background: var(--fb-bg); }
.votes .count { font-size: 1.3rem; font-weight: 700; display: block; }
.votes .label { font-size: .75rem; color: var(--fb-muted); display: block; }
.votes form, .votes .button { margin-top: .3rem; }
.votes .button, .votes button { padding: .2rem .5rem; font-size: .8rem; white-space: nowrap; }
/* The vote button holds both of its labels, one hidden, so it is as wide voted as not: every vote box of a list is as wide as the next. */
.vote-label { display: inline-grid; }
.vote-label > * { grid-area: 1 / 1; }
.vote-label > [aria-hidden] { visibility: hidden; }
.post .content { flex: 1; min-width: 0; }
.post .content h3 a { color: var(--fb-text); text-decoration: none; }
.post .content h3 a:hover { text-decoration: underline; }
.excerpt { color: var(--fb-muted); margin: .2rem 0 .4rem; overflow-wrap: anywhere; }
.meta { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; font-size: .85rem; color: var(--fb-muted); }
.badge { display: inline-block; border-radius: 999px; padding: .05rem .6rem; font-size: .8rem; font-weight: 600; border: 1px solid transparent; white-space: nowrap; }
.status-open { background: #eef1f5; color: #374151; }
.status-planned { background: #e8edfb; color: #2b3f8f; }
.status-in_progress { background: #fff4d6; color: #7a4d00; }
.status-shipped { background: #dcf5e3; color: #145c2a; }
.status-declined { background: #fde7e7; color: #8f1d1d; }
.approval-waiting { background: #fff4d6; color: #7a4d00; }
.approval-rejected { background: #fde7e7; color: #8f1d1d; }
.waiting-count { background: #fff4d6; color: #7a4d00; margin-inline-start: .3rem; }
.delivery-pending { background: #fff4d6; color: #7a4d00; }
.delivery-delivered { background: #dcf5e3; color: #145c2a; }
.delivery-failed { background: #fde7e7; color: #8f1d1d; }
table.attempts { margin: .75rem 0; }
.nowrap { white-space: nowrap; }
.tag { background: var(--fb-surface); border-color: var(--fb-border); color: var(--fb-muted); font-weight: 500; overflow-wrap: anywhere; white-space: normal; }
.team-badge { background: var(--fb-accent); color: var(--fb-accent-text); }
.body { white-space: pre-wrap; overflow-wrap: anywhere; }
.markdown { overflow-wrap: anywhere; }
.markdown > :first-child { margin-top: 0; }
.markdown > :last-child { margin-bottom: 0; }
.markdown pre { background: var(--fb-surface); border: 1px solid var(--fb-border); border-radius: 6px; padding: .5rem .75rem; overflow-x: auto; }
.markdown code { font-size: .9em; }
.comments { list-style: none; padding: 0; margin: 0; }
.comments .comments { margin-inline-start: 1.25rem; padding-inline-start: 1rem; border-inline-start: 2px solid var(--fb-border); }
.comment { padding: .75rem 0; }
.comment .removed { font-style: italic; }
.mention { color: var(--fb-accent); font-weight: 600; }
.own-comment { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; align-items: flex-start; }
.own-comment > details[open] { flex-basis: 100%; }
.reactions { display: flex; gap: .35rem; flex-wrap: wrap; margin-top: .35rem; }
.reactions button { background: var(--fb-surface); color: var(--fb-text); border-color: var(--fb-border); padding: .1rem .5rem; font-size: .85rem; }
details > summary { cursor: pointer; color: var(--fb-accent); font-size: .9rem; }
details[open] > summary { margin-bottom: .5rem; }
.attachments { list-style: none; padding: 0; margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .5rem; }
.attachments img { display: block; max-width: 100%; height: auto; border: 1px solid var(--fb-border); border-radius: var(--fb-radius); background: var(--fb-surface); }
.evidence { list-style: none; padding: 0; margin: 0; }
.evidence li { display: grid; grid-template-columns: 7.5rem 1fr auto; gap: .75rem; align-items: baseline; padding: .5rem 0; border-bottom: 1px solid var(--fb-border); overflow-wrap: anywhere; }
.plain { list-style: none; padding: 0; margin: 0; }
.plain li { display: flex; justify-content: space-between; gap: .75rem; align-items: baseline; padding: .45rem 0; border-bottom: 1px solid var(--fb-border); overflow-wrap: anywhere; }
.plain li:last-child { border-bottom: none; }
.plain li .count-text { white-space: nowrap; }
.evidence li:last-child { border-bottom: none; }
.kind { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--fb-muted); }
.pager { display: flex; justify-content: space-between; margin-top: 1rem; }
.notice { border-inline-start: 4px solid var(--fb-accent); background: var(--fb-accent-soft); padding: .75rem 1rem; border-radius: 6px; margin-bottom: 1rem; }
.notice > p:first-child { margin-top: 0; }
.notice > p:last-child { margin-bottom: 0; }
.notice.error { border-color: var(--fb-danger); background: #fdecec; }
.send-error { white-space: pre-wrap; overflow-wrap: anywhere; margin: .5rem 0 0; }
.notice.ok { border-color: var(--fb-ok); background: #e6f6ea; }
.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--fb-bg); border: 1px dashed var(--fb-border); padding: .5rem .75rem; border-radius: 6px; overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; background: var(--fb-surface); border: 1px solid var(--fb-border); border-radius: var(--fb-radius); }
th, td { text-align: start; padding: .55rem .7rem; border-bottom: 1px solid var(--fb-border); vertical-align: top; font-size: .92rem; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--fb-muted); }
td.title { overflow-wrap: anywhere; max-width: 22rem; }
.columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: .75rem; align-items: start; margin-top: .75rem; }
.card > h2:first-child, .card > form > h2:first-child { margin-top: 0; }
/* A form that is a card starts with its hidden CSRF field: its heading is still the card's first line. */
.card > input[type="hidden"]:first-child + h2 { margin-top: 0; }
/* Decisions on one row: a reason field that takes the room left, Reject beside it, Approve at the end. */
.decide { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; margin-top: .75rem; }
.decide form.reject { display: flex; gap: .5rem; align-items: flex-end; flex: 1 1 18rem; }
.decide form.reject .field { flex: 1; margin: 0; }
.proposal { border-inline-start: 4px solid var(--fb-accent); }
.proposal .arrow { font-weight: 700; color: var(--fb-muted); }
.note { background: var(--fb-bg); border-radius: 6px; padding: .5rem .75rem; margin: .5rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.dash { display: grid; grid-template-columns: 190px 1fr; gap: 1.5rem; }
.dash nav.side { display: flex; flex-direction: column; gap: .15rem; }
.dash nav.side a { text-decoration: none; color: var(--fb-text); padding: .4rem .7rem; border-radius: 8px; }
.dash nav.side a[aria-current="page"] { background: var(--fb-accent-soft); color: var(--fb-accent); font-weight: 600; }
.dash .panel { min-width: 0; }
.chart { width: 100%; height: auto; }
.chart .bar { fill: var(--fb-accent); }
.chart .bar2 { fill: #8aa0e6; }
.chart text { fill: var(--fb-muted); font-size: 11px; font-family: var(--fb-font); }
.chart .axis { stroke: var(--fb-border); }
.stat { font-size: 1.6rem; font-weight: 700; }
.idea > summary { font-size: 1rem; font-weight: 600; }
.idea[open] > summary { margin-bottom: .75rem; }
.idea-form input[name="title"] { width: 100%; }
.tag-choice { border: 1px solid var(--fb-border); border-radius: 8px; padding: .5rem .75rem; display: flex; flex-flow: row wrap; gap: .25rem 1rem; max-height: 12rem; overflow-y: auto; }
.tag-choice legend { font-weight: 600; font-size: .9rem; padding: 0 .25rem; }
label.check { font-weight: 400; display: inline-flex; gap: .35rem; align-items: center; }
fieldset.choices { border: 0; padding: 0; margin: 0 0 1rem; display: grid; gap: .5rem; }
fieldset.choices legend { font-weight: 600; font-size: .9rem; margin-bottom: .35rem; }
fieldset.choices label.check { align-items: baseline; }
.unsubscribe-choices { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
.similar { list-style: none; padding: 0; margin: 0 0 1rem; }
.similar .post { align-items: center; justify-content: space-between; }
.similar h2 { margin: 0 0 .35rem; overflow-wrap: anywhere; }
.similar h2 a { color: var(--fb-text); }
.author { margin: .25rem 0 .75rem; }
.follow { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; margin-top: .75rem; padding-top: .75rem; border-top: 1px solid var(--fb-border); }
/*
 * Text people wrote (titles, names, descriptions, tags, and each paragraph, list item and heading of
 * Markdown) takes its own direction from its first letter, and lines up with the page: an English
 * sentence on an Arabic page keeps its full stop at its end and still starts at the right, beside
 * the vote box. unicode-bidi is not inherited, hence every block; inline (a name in a sentence) it
 * isolates the name. With plaintext, "start" would follow the text's direction, so the page's side
 * is named physically (--fb-line-start). Code keeps its own alignment.
 */
[dir="ltr"] { --fb-line-start: left; }
[dir="rtl"] { --fb-line-start: right; }
.user-text, .excerpt, .note, td.title, .markdown :is(p, li, blockquote, h1, h2, h3, h4, h5, h6, td, th) { unicode-bidi: plaintext; text-align: var(--fb-line-start, start); }
.markdown pre { unicode-bidi: plaintext; }
.after-table { margin-top: .75rem; }
fieldset.choices { border: 1px solid var(--fb-border); border-radius: 6px; padding: .5rem .75rem; margin: 0 0 .75rem; gap: 1rem; }
footer.site { text-align: center; color: var(--fb-muted); font-size: .8rem; padding: 1.5rem; }
footer.site p { margin: .5rem 0 0; }
footer.site .languages { display: flex; justify-content: center; flex-wrap: wrap; gap: .25rem 1rem; }
footer.site .languages a { color: var(--fb-muted); }
footer.site .languages a[aria-current] { color: var(--fb-text); font-weight: 600; text-decoration: none; }
@media (max-width: 720px) {
  .dash { grid-template-columns: 1fr; }
  .dash nav.side { flex-direction: row; flex-wrap: wrap; }
  .post { gap: .6rem; }
}
`;
