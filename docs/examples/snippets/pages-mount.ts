import { createFeedbackBoard } from 'feedback-board';
import { createSqliteStorage } from 'feedback-board/adapters/sqlite';
import { createFollowerMailSender, createPagesHandler } from 'feedback-board/pages';
import { createSmtpMailer } from 'feedback-board/mail/smtp';

const mailer = createSmtpMailer('smtp://user:pass@smtp.example.com:587', { from: 'feedback@example.com' });
const board = createFeedbackBoard({ storage: createSqliteStorage({ path: './feedback.db' }) });

const pages = createPagesHandler(board, {
  organizationId: 1,
  basePath: '/feedback',
  mailer,
  publicOrigin: 'https://example.com',
});
// Followers of a post get mail in their language when its status changes or the team answers.
createFollowerMailSender(board, { mailer, pagesUrl: 'https://example.com/feedback' }).start();

export default {
  fetch(request: Request) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/')) return board.fetch(request);
    if (pathname === '/feedback' || pathname.startsWith('/feedback/')) return pages(request);
    return app(request); // the rest of your application
  },
};

declare function app(request: Request): Promise<Response>;
