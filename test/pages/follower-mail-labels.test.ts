/**
 * Follower mail names the labels a post moved between, through a real SMTP receiver: an added or
 * renamed label as written (escaped in the HTML part), a default one in the voter's language; a
 * move between two labels of one category is mailed too; an event queued before posts had labels
 * still names the categories.
 */
import { describe, expect, it } from 'vitest';
import { createFollowerMailSender } from '../../src/pages/index.js';
import { followerMailMessage } from '../../src/pages/follower-mail-message.js';
import { decodeMail } from '../helpers/mime.js';
import { smtpForFile } from '../helpers/smtp.js';
import { ORIGIN, setupPages } from './helpers.js';

const mail = smtpForFile();

const MINUTE = 60_000;

/** The open post, planned, with an English and a German follower, and a sender on the pages' clock. */
async function followed() {
  const setup = await setupPages();
  for (const [email, locale] of [['eve@example.com', null], ['ilse@example.com', 'de']] as const) {
    const voter = await setup.board.voters.register(setup.orgId, { email, name: '' });
    if (locale) await setup.board.voters.setLanguage(voter.id, locale);
    await setup.board.voters.follow(voter.id, setup.ids.open);
  }
  const team = setup.board.team(setup.orgId).api;
  await team.posts.update('features', setup.ids.open, { status: 'planned' });
  const sender = createFollowerMailSender(setup.board, { mailer: mail.mailer, pagesUrl: ORIGIN, clock: setup.clock });
  const sendTo = async (email: string) => {
    const before = mail.receiver.messages.length;
    setup.clock.advance(60 * MINUTE);
    await sender.sendDue();
    const mails = mail.receiver.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    return decodeMail(mails[0]!.raw);
  };
  return { setup, team, sender, sendTo };
}

describe('follower mail about a label', () => {
  it('names an added label as written and a default one in the voter’s language', async () => {
    const { team, sendTo } = await followed();
    const review = await team.statuses.create({ name: 'Under <review>', color: '#6b21a8', category: 'open' });
    await team.posts.update('features', 1, { status_label_id: review.id, notify_voters: true });
    const english = await sendTo('eve@example.com');
    expect(english.header('Subject')).toBe('[Acme] Dark mode: now Under <review>');
    expect(english.parts['text/plain']).toContain('The status moved from Planned to Under <review>.');
    expect(english.parts['text/html']).toContain('The status moved from Planned to Under &lt;review&gt;.');
    expect(english.parts['text/html']).not.toContain('<review>');
  });

  it('names labels in German for a German voter, a renamed default as written', async () => {
    const { team, sendTo } = await followed();
    const shipped = (await team.statuses.list()).statuses.find((s) => s.category === 'shipped')!;
    await team.statuses.update(shipped.id, { name: 'Live' });
    await team.posts.update('features', 1, { status: 'shipped', notify_voters: true });
    const german = await sendTo('ilse@example.com');
    expect(german.parts['text/plain']).toContain('Der Status wechselte von Geplant zu Live.');
  });

  it('mails a move between two labels of one category, and nothing without notify', async () => {
    const { team, sendTo } = await followed();
    const soon = await team.statuses.create({ name: 'Soon', color: '#2b3f8f', category: 'planned' });
    await team.posts.update('features', 1, { status_label_id: soon.id });
    await team.posts.update('features', 1, { status_label_id: (await team.statuses.list()).statuses.find((s) => s.category === 'planned' && s.is_default)!.id, notify_voters: true });
    const english = await sendTo('eve@example.com');
    expect(english.parts['text/plain']).toContain('The status moved from Soon to Planned.');
    expect(english.parts['text/plain']!.match(/The status moved/g)).toHaveLength(1);
  });

  it('names the categories of an event queued before labels', () => {
    const message = followerMailMessage({
      siteName: 'Acme',
      to: 'old@example.com',
      voterName: '',
      locale: 'de',
      board: { name: 'Features' } as never,
      post: { title: 'Dark mode' } as never,
      items: [{ event: { kind: 'status', from: 'open', to: 'planned', at: '2026-11-20T12:00:00Z' }, comment: null, author: '' }],
      links: { post: `${ORIGIN}/p`, unsubscribePost: `${ORIGIN}/u`, unsubscribeBoard: `${ORIGIN}/b` },
    });
    expect(message.text).toContain('Der Status wechselte von Offen zu Geplant.');
  });
});
