/**
 * A board's custom fields on the public pages over HTTP: the idea form asks one input per field in
 * the board's order (text, number, a select of a choice's options with an empty option when not
 * required), marked and `required` where required, labels escaped; a refused value (missing,
 * not a number, not an option, too long) brings the form back with what was typed and the reason
 * next to the field, in the page's language, storing nothing; the values given are stored and
 * shown on the post's public page and on the dashboard's page of the post; a draft keeps them
 * across sign-in.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../src/i18n/catalogs.js';
import { LOCALES } from '../../src/i18n/locales.js';
import { snapshot } from '../helpers/state.js';
import { Client, linkToken, setupPages, signInTeam, signInVoter, type PagesSetup } from './helpers.js';

const FIELDS = [
  { key: 'company', label: 'Company <b>name</b>', type: 'text' as const, required: true },
  { key: 'seats', label: 'Seats', type: 'number' as const },
  { key: 'plan', label: 'Plan', type: 'choice' as const, options: ['Free', 'Pro & more'] },
  { key: 'region', label: 'Region', type: 'choice' as const, options: ['EU', 'US'], required: true },
];

async function withFields() {
  const setup = await setupPages();
  await setup.board.team(setup.orgId).api.fields.update('features', { fields: FIELDS });
  const client = new Client(setup.pages);
  await signInVoter(setup, client, 'ada@example.com');
  await client.get('/boards/features/ideas/new');
  return { setup, client };
}

const postsOf = async (setup: PagesSetup) => (await (await setup.board.api(setup.writeKey)).posts.list('features', { limit: '100' })).posts;

/** A complete, valid idea; `step: 'post'` skips the similar posts. */
const IDEA = { step: 'post', title: 'Seat-based billing export', 'field.company': 'Initech', 'field.seats': '25', 'field.plan': 'Pro & more', 'field.region': 'EU' };

describe('custom fields on the idea form', () => {
  it('asks one input per field in order, marks the required ones and escapes the labels, on the board and the form page', async () => {
    const { client } = await withFields();
    for (const path of ['/boards/features', '/boards/features/ideas/new']) {
      const text = (await client.get(path)).text;
      expect(text).not.toContain('<b>name</b>');
      expect(text).toContain('Company &lt;b&gt;name&lt;/b&gt;');
      const ids = [...text.matchAll(/id="idea-field-([a-z]+)"/g)].map((m) => m[1]);
      expect(ids, path).toEqual(['company', 'seats', 'plan', 'region']);
      expect(text).toMatch(/<input id="idea-field-company" name="field.company" required="" maxlength="1000"/);
      expect(text).toMatch(/<input id="idea-field-seats" name="field.seats" type="number"/);
      expect(text).not.toMatch(/id="idea-field-seats"[^>]*required/);
      // The optional choice starts with an empty option; the required one with a placeholder that cannot be sent.
      expect(text).toContain('<select id="idea-field-plan" name="field.plan"><option value="">No answer</option><option value="Free">Free</option><option value="Pro &amp; more">Pro &amp; more</option></select>');
      expect(text).toContain('<select id="idea-field-region" name="field.region" required=""><option value="" disabled="" selected="">Choose…</option><option value="EU">EU</option><option value="US">US</option></select>');
      expect(text.match(/\(required\)/g)?.length).toBe(2);
    }
  });

  it('stores the values given and shows them on the post page and the dashboard post page', async () => {
    const { setup, client } = await withFields();
    const posted = await client.post('/boards/features/ideas', IDEA);
    expect(posted.status).toBe(303);
    const id = Number(/\/posts\/(\d+)\?notice=submitted$/.exec(posted.location ?? '')?.[1]);
    const post = await (await setup.board.api(setup.writeKey)).posts.get('features', id);
    expect(post.fields).toEqual({ company: 'Initech', seats: 25, plan: 'Pro & more', region: 'EU' });
    const page = await client.get(`/boards/features/posts/${id}`);
    expect(page.text).toContain(
      '<dl class="post-fields"><div><dt class="user-text">Company &lt;b&gt;name&lt;/b&gt;</dt><dd class="user-text">Initech</dd></div><div><dt class="user-text">Seats</dt><dd class="user-text">25</dd></div><div><dt class="user-text">Plan</dt><dd class="user-text">Pro &amp; more</dd></div>',
    );
    // A post without values shows no list.
    expect((await client.get(`/boards/features/posts/${setup.ids.open}`)).text).not.toContain('post-fields');
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    const dashboard = await team.get(`/dashboard/posts/${id}`);
    expect(dashboard.text).toContain('<dt class="user-text">Region</dt><dd class="user-text">EU</dd>');
    expect(dashboard.text).not.toContain('<b>name</b>');
  });

  it('refuses a missing, non-numeric, unoffered or too long value with the reason next to the field, keeping what was typed and storing nothing', async () => {
    const { setup, client } = await withFields();
    const before = await snapshot(setup.board);
    const refusals: [Record<string, string>, string, string][] = [
      [{ 'field.company': '   ' }, 'company', 'This is required.'],
      [{ 'field.region': '' }, 'region', 'This is required.'],
      [{ 'field.seats': 'twenty' }, 'seats', 'Enter a number.'],
      [{ 'field.plan': 'Platinum' }, 'plan', 'Choose one of the options.'],
      [{ 'field.company': 'x'.repeat(1001) }, 'company', 'This is too long: at most 1,000 characters.'],
    ];
    // Posting at once, and with a title that has similar posts: the values are checked before those are shown.
    for (const [step, title] of [['post', 'Seat-based billing export'], ['', 'Dark mode for the editor']] as const) {
      for (const [change, key, reason] of refusals) {
        const answer = await client.post('/boards/features/ideas', { ...IDEA, step, title, ...change });
        expect(answer.status, key).toBe(422);
        expect(answer.text).toContain('Your idea was not posted: please check the field marked below.');
        expect(answer.text).toContain(`<p class="field-error" id="idea-field-${key}-error">${reason}</p>`);
        expect(answer.text).toMatch(new RegExp(`id="idea-field-${key}"[^>]*aria-invalid="true" aria-describedby="idea-field-${key}-error"`));
        expect(answer.text.match(/class="field-error"/g)?.length).toBe(1);
        // What was typed comes back.
        expect(answer.text).not.toContain('Is your idea already here?');
        expect(answer.text).toContain(`value="${title}"`);
        if (key !== 'company') expect(answer.text).toContain('value="Initech"');
        if (key !== 'seats') expect(answer.text).toContain('value="25"');
        if (key !== 'plan') expect(answer.text).toContain('<option value="Pro &amp; more" selected="">');
        if (key === 'seats') expect(answer.text).toContain('value="twenty"');
      }
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('on a moderated board, the values wait with the idea and the approved post has them', async () => {
    const { setup, client } = await withFields();
    const team = setup.board.team(setup.orgId);
    await team.boards.setModerated('features', true);
    const sent = await client.post('/boards/features/ideas', IDEA);
    const held = Number(/\/waiting\/(\d+)\?notice=waiting_for_approval$/.exec(sent.location ?? '')?.[1]);
    expect(held).toBeGreaterThan(0);
    const approved = await team.moderation.approve(held);
    const post = await team.api.posts.get('features', approved.id);
    expect(post.fields).toEqual({ company: 'Initech', seats: 25, plan: 'Pro & more', region: 'EU' });
  });

  it('leaves a refusal of the title to the posting: the form comes back saying so, storing nothing', async () => {
    const { setup, client } = await withFields();
    const before = await snapshot(setup.board);
    const answer = await client.post('/boards/features/ideas', { ...IDEA, title: 'Nul\u0000 title' });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('That did not work: please check the title, text and tags.');
    expect(answer.text).not.toContain('class="field-error"');
    expect(answer.text).toContain('value="Initech"');
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('says why in the page’s language, in every language', async () => {
    const { setup, client } = await withFields();
    const before = await snapshot(setup.board);
    for (const locale of LOCALES) {
      await client.get(`/language?to=${locale}&next=/`);
      const catalog = CATALOGS[locale];
      const answer = await client.post('/boards/features/ideas', { ...IDEA, 'field.seats': '2x' });
      expect(answer.status, locale).toBe(422);
      expect(answer.text, locale).toContain(escaped(catalog['idea.fieldNumber']!));
      expect(answer.text, locale).toContain(escaped(catalog['idea.fieldsInvalid']!));
      expect(answer.text, locale).toContain(escaped(catalog['idea.fieldRequired']!));
      expect(answer.text, locale).toContain(escaped(catalog['idea.fieldNone']!));
      if (locale !== 'en') expect(answer.text, locale).not.toContain(CATALOGS.en['idea.fieldNumber']);
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('keeps the values of the fields across sign-in with the rest of the draft', async () => {
    const setup = await setupPages();
    await setup.board.team(setup.orgId).api.fields.update('features', { fields: FIELDS });
    const client = new Client(setup.pages);
    await client.get('/boards/features');
    const sent = await client.post('/boards/features/ideas', { title: 'Offline mode', 'field.company': 'Initech', 'field.seats': '7', 'field.plan': 'Free' });
    expect(sent.location).toMatch(/^\/sign-in\?next=/);
    await client.get('/sign-in');
    await client.post('/sign-in', { email: 'bo@example.com' });
    const token = linkToken(setup.mailer.messages.at(-1)!.text);
    await client.get(`/sign-in/link?token=${token}`);
    await client.post('/sign-in/link', { token });
    const form = await client.get('/boards/features/ideas/new');
    expect(form.text).toContain('value="Offline mode"');
    expect(form.text).toMatch(/id="idea-field-company"[^>]*value="Initech"/);
    expect(form.text).toMatch(/id="idea-field-seats"[^>]*value="7"/);
    expect(form.text).toContain('<option value="Free" selected="">Free</option>');
  });

  it('leaves a board without fields as it was: no field inputs, posts hold no values', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const form = await client.get('/boards/features/ideas/new');
    expect(form.text).not.toContain('idea-field-');
    // A field the board does not have is ignored, not stored.
    const posted = await client.post('/boards/features/ideas', { step: 'post', title: 'Keyboard shortcuts', 'field.plan': 'Pro' });
    expect(posted.status).toBe(303);
    const post = (await postsOf(setup)).find((p) => p.title === 'Keyboard shortcuts')!;
    expect(post.fields).toEqual({});
  });
});

/** Text as the pages write it: `&`, `<`, `>` and quotes escaped. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
