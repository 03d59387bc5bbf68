// A host application's page, bundled: importing the module defines <feedback-board-widget>, and
// the page hands it a fresh SSO token, signed by its own server, every time the panel opens.
import 'feedback-board/widget';
import type { FeedbackBoardWidget } from 'feedback-board/widget';

const widget = document.querySelector<FeedbackBoardWidget>('feedback-board-widget')!;
// A fresh token for every opening: tokens live for minutes, the page may stay open for hours.
widget.getSsoToken = async () => (await fetch('/api/feedback-token')).text();
