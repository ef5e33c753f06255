import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { QUICK_REPLIES } from '@malewa/contracts/delivery/vocabulary';
import type { CountryCode } from '@malewa/contracts/markets';
import type { OrderChat } from '@malewa/contracts/orders/list-order-messages';
import { MAX_MESSAGE_LENGTH } from '@malewa/contracts/orders/order-message';
import { ZSendOrderMessageRequestSchema } from '@malewa/contracts/orders/send-order-message';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { apiFailure, invalid, refused, textOf } from '#app/platform/forms/form.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { getOrderChat, sendOrderMessage } from './chat-api.server.ts';
import { CHAT_INTENT, type ChatValues, type ChatView } from './chat-view.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The order's chat for a page's loader, its times written in `language` on the market's clock;
 * null when the reader has no part in it (the API's 404: say nothing, show nothing). A 401
 * sends the reader to sign in, as on every signed-in page.
 */
export async function loadOrderChat(
  url: URL,
  context: Context,
  request: Request,
  where: { orderId: string; language: string; countryCode: CountryCode },
): Promise<ChatView | null> {
  let chat: OrderChat;
  try {
    chat = await signedInCall(url, () => getOrderChat(context, request, where.orderId), { notFound: 'caller' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const tag = formattingTag(where.language, where.countryCode);
  const timeZone = MARKET_TIME_ZONES[where.countryCode];
  const day = dateTimeFormat(tag, { dateStyle: 'medium', timeZone });
  const time = dateTimeFormat(tag, { timeStyle: 'short', timeZone });
  const dated = dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const today = day.format(new Date());
  return {
    orderId: chat.orderId,
    as: chat.as,
    writable: chat.writable,
    writableUntil: chat.writableUntil ? dated.format(new Date(chat.writableUntil)) : null,
    messages: chat.messages.map((message) => {
      const at = new Date(message.at);
      return {
        id: message.id,
        author: message.author,
        authorName: message.authorName,
        body: message.body,
        quickReply: message.quickReply,
        time: day.format(at) === today ? time.format(at) : dated.format(at),
        ours: message.author === chat.as,
      };
    }),
  };
}

/** Whether a posted form is the chat's, for a route's action that has forms of its own. */
export function isChatForm(form: FormData): boolean {
  return form.get('intent') === CHAT_INTENT;
}

/**
 * A chat form's post, for a route's action: a text (`body`) or a quick reply (`quickReply`)
 * for the order `orderId`. Sent, it redirects to `returnTo` (the page again, at its chat), so
 * a reload sends nothing twice and the page, without JavaScript, shows the message; refused,
 * it answers why (the text kept): empty or too long beside the field, closed, read-only or too
 * many messages above it.
 */
export async function submitChatForm(
  url: URL,
  context: Context,
  request: Request,
  form: FormData,
  where: { orderId: string; returnTo: string },
) {
  if (!isUuid(where.orderId)) throw data(null, { status: 400 });
  const values: ChatValues = { order: where.orderId, body: textOf(form, 'body', { trim: false }) };
  const extra = { intent: CHAT_INTENT };
  const quickReply = textOf(form, 'quickReply');
  const body = values.body.trim();
  if (!quickReply && body.length === 0) return invalid(values, { body: 'commerce.chat.error.empty' }, extra);
  if (!quickReply && body.length > MAX_MESSAGE_LENGTH) {
    return invalid(values, { body: 'commerce.chat.error.long' }, extra);
  }
  const parsed = ZSendOrderMessageRequestSchema.safeParse(
    quickReply && (QUICK_REPLIES as readonly string[]).includes(quickReply) ? { quickReply } : { body },
  );
  if (!parsed.success) return invalid(values, { body: 'commerce.chat.error.empty' }, extra);
  try {
    await signedInCall(url, () => sendOrderMessage(context, request, where.orderId, parsed.data));
  } catch (error) {
    // Signed out on the way, or the order is not the reader's: the page's own answers.
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return refused(values, 'commerce.chat.closed', 409, extra);
    if (error.status === 403) return refused(values, 'commerce.chat.readOnly', 403, extra);
    if (error.status === 400) return invalid(values, { body: 'commerce.chat.error.empty' }, extra);
    return apiFailure(error, values, 'Sending a chat message', undefined, extra);
  }
  throw redirect(where.returnTo, 303);
}
