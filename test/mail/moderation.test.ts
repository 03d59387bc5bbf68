/** The rejection mail: to the author, naming the post and board, with the reason only when there is one. */
import { describe, expect, it } from 'vitest';
import { rejectionMail } from '../../src/mail/moderation.js';

const input = { to: 'ann@example.com', voterName: 'Ann', postTitle: 'Offline mode', boardName: 'Features', reason: 'Duplicate of #4' };

describe('rejection mail', () => {
  it('tells the author which post was not approved and why', () => {
    const mail = rejectionMail({ ...input, productName: 'Acme' })!;
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('[Acme] Your post was not approved: Offline mode');
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain('The team of Features did not approve your post "Offline mode"');
    expect(mail.text).toContain('Their reason: Duplicate of #4');
  });

  it('leaves the reason out when none was given, and sends nothing to an author without an address', () => {
    expect(rejectionMail({ ...input, reason: '' })!.text).not.toContain('reason');
    expect(rejectionMail({ ...input, reason: '' })!.subject).toBe('[Feedback] Your post was not approved: Offline mode');
    expect(rejectionMail({ ...input, to: null })).toBeNull();
  });
});
