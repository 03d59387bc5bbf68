/**
 * Microsoft Teams messages: each card validates against the published Adaptive Card schema, and
 * hostile text stays in `TextRun`s (which the schema itself says support no markdown).
 *
 * The schema is `fixtures/adaptive-card-1.5.schema.json`, byte for byte the file
 * https://github.com/microsoft/AdaptiveCards/blob/main/schemas/1.5.0/adaptive-card.json (last
 * changed in commit 93695cf2df1117ab08e36ebe707d0ced18e4e9b3), published as
 * http://adaptivecards.io/schemas/adaptive-card.json. It is a draft-06 schema whose root names
 * itself with draft-04's `id`, which Ajv 8 refuses, so that one key is read as `$id`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { teamsMessage, type TeamsMessage } from '../../src/integrations/chat/teams.js';
import { teamsText } from '../../src/integrations/chat/text.js';
import { events, hostileEvents, POST } from './fixtures/chat-events.js';

const { id, ...schema } = JSON.parse(readFileSync(new URL('./fixtures/adaptive-card-1.5.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with `module.exports = plugin`; require() hands over the plugin itself.
const addFormats = require('ajv-formats') as FormatsPlugin;
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
addFormats(ajv);
const validateCard = ajv.compile({ $id: id as string, ...schema });

function cardErrors(message: TeamsMessage): string[] {
  return validateCard(message.attachments[0].content) ? [] : (validateCard.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/** Every text of a card's TextRuns. */
function runs(message: TeamsMessage): string[] {
  return message.attachments[0].content.body.flatMap((element) => (element.type === 'RichTextBlock' ? element.inlines.map((inline) => inline.text) : []));
}

describe('teamsMessage', () => {
  it('lays out a new post as a message with one Adaptive Card that the published schema accepts', () => {
    const message = teamsMessage(events()[0]!);
    expect(message).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'New post · Ideas', size: 'Small', isSubtle: true }] },
              { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'Dark mode for the dashboard', size: 'Large', weight: 'Bolder' }] },
              { type: 'FactSet', facts: [{ title: 'Status', value: 'Planned' }, { title: 'Votes', value: '42' }] },
              { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: POST.body }] },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open the post', url: POST.url }],
          },
        },
      ],
    });
    expect(cardErrors(message)).toEqual([]);
  });

  it('validates for every event, and a proposal links to its review and to the post', () => {
    for (const event of events()) expect({ event: event.type, errors: cardErrors(teamsMessage(event)) }).toEqual({ event: event.type, errors: [] });
    const proposal = teamsMessage(events()[3]!);
    expect(proposal.attachments[0].content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Review the proposal', url: 'https://feedback.example.com/dashboard/posts/12' },
      { type: 'Action.OpenUrl', title: 'Open the post', url: POST.url },
    ]);
  });

  it('the schema check can fail: an unknown element, a markdown field on a TextRun, a bad URL', () => {
    const message = teamsMessage(events()[0]!);
    const broken = structuredClone(message);
    (broken.attachments[0].content.body as unknown[]).push({ type: 'Markdown', text: '*x*' });
    expect(cardErrors(broken)).not.toEqual([]);
    const markdownRun = structuredClone(message);
    (markdownRun.attachments[0].content.body[1] as unknown as { inlines: Record<string, unknown>[] }).inlines[0]!['markdown'] = true;
    expect(cardErrors(markdownRun)).not.toEqual([]);
    const badUrl = structuredClone(message);
    badUrl.attachments[0].content.actions[0]!.url = 'not a url';
    expect(cardErrors(badUrl)).not.toEqual([]);
  });

  it('keeps every hostile text in TextRuns, defuses card functions, and stays small', () => {
    for (const { title, event } of hostileEvents()) {
      const message = teamsMessage(event);
      const where = { title: title.slice(0, 40), event: event.type };
      expect({ ...where, errors: cardErrors(message) }).toEqual({ ...where, errors: [] });
      // People's text appears only in TextRuns; the facts and actions are ours.
      const card = message.attachments[0].content;
      for (const fact of card.body.flatMap((element) => (element.type === 'FactSet' ? element.facts : []))) {
        expect(['Status', 'Votes', 'Proposed']).toContain(fact.title);
        expect(fact.value).toMatch(/^(?:[A-Z][a-z ]+(?: → [A-Z][a-z ]+)?|\d+)$/);
      }
      for (const text of runs(message)) expect(text).not.toContain('{{');
      expect(new TextEncoder().encode(JSON.stringify(message)).length).toBeLessThan(28 * 1024);
    }
  });

  it('keeps markdown-looking text as it is, since TextRuns read none', () => {
    const message = teamsMessage(events({ ...POST, title: '*bold* [x](javascript:alert(1)) {{DATE(2017-02-14T06:08:39Z, SHORT)}}' })[0]!);
    expect(runs(message)[1]).toBe('*bold* [x](javascript:alert(1)) {\u200b{DATE(2017-02-14T06:08:39Z, SHORT)}}');
    expect(teamsText('{{{{')).toBe('{\u200b{{\u200b{');
  });
});
