import { createFeedbackBoard, createMailerNotifier } from 'feedback-board';
import { createSqliteStorage } from 'feedback-board/adapters/sqlite';
import { createPagesHandler } from 'feedback-board/pages';
import { createSmtpMailer } from 'feedback-board/mail/smtp';

const mailer = createSmtpMailer('smtp://user:pass@smtp.example.com:587', { from: 'feedback@example.com' });
const board = createFeedbackBoard({
  storage: createSqliteStorage({ path: './feedback.db' }),
  // Voters of a post get an e-mail when its status changes (a confirmed proposal, or "notify voters").
  notifier: createMailerNotifier(mailer, { pagesUrl: 'https://example.com/feedback' }),
});

const pages = createPagesHandler(board, {
  organizationId: 1,
  basePath: '/feedback',
  mailer,
  publicOrigin: 'https://example.com',
});

export default {
  fetch(request: Request) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/')) return board.fetch(request);
    if (pathname === '/feedback' || pathname.startsWith('/feedback/')) return pages(request);
    return app(request); // the rest of your application
  },
};

declare function app(request: Request): Promise<Response>;
