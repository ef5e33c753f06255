import type { ChatAuthor, QuickReply } from '@malewa/contracts/delivery/vocabulary';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';

/** The `intent` of the chat's forms, beside a page's own forms. */
export const CHAT_INTENT = 'chat';

/** One message as the panel shows it: its time already written on the order's clock. */
export interface ChatMessageView {
  id: string;
  author: ChatAuthor;
  authorName: string;
  body: string | null;
  quickReply: QuickReply | null;
  /** The message's time (with its day when not today), in the page's language on the order's clock. */
  time: string;
  /** Whether the reader's side wrote it (any of the shop's people, for the shop). */
  ours: boolean;
}

/** An order's chat as a page shows it (`ChatPanel`), made by `loadOrderChat` in a loader. */
export interface ChatView {
  orderId: string;
  as: ChatAuthor;
  writable: boolean;
  /** Until when it takes messages, written out; null while the order is under way. */
  writableUntil: string | null;
  messages: ChatMessageView[];
}

/** What the chat's form sent: the text (put back after a refusal) and which order's chat it was. */
export interface ChatValues {
  order: string;
  body: string;
}
export type ChatOutcome = FormOutcome<ChatValues, 'body'>;
