import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { Order } from '@malewa/contracts/orders/order';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { isChatForm, loadOrderChat, submitChatForm } from '#app/features/chat/chat.server.ts';
import type { ChatView } from '#app/features/chat/chat-view.ts';
import { acceptOrder, advanceOrder, listShopOrders, rejectOrder } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, textOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { assignableRiders, assignFromBoard, boardDeliveryOf, shopNextStatus } from './board-delivery.server.ts';
import { boardPaymentText } from './board-payment-text.ts';

type Context = Readonly<RouterContextProvider>;

const ACTIVE: readonly Order['status'][] = ['accepted', 'preparing', 'ready', 'out_for_delivery'];

/** A name in the page's language when the order has it, else as it was written. */
const text = (value: { text: string }) => value.text;

/** An order as the board shows it: everything written for the page's language, on the shop's clock. */
function shownOrder(order: Order, language: string, t: Translate) {
  const tag = formattingTag(language, order.countryCode);
  const time = (at: string, withDay: boolean) =>
    dateTimeFormat(tag, {
      ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      timeZone: order.timeZone,
    }).format(new Date(at));
  const money = (amount: Money) => formatMoney(amount.amount, amount.currency, tag);
  return {
    id: order.id,
    number: order.id.slice(0, 8).toUpperCase(),
    status: order.status,
    statusLabel: t(`commerce.status.${order.status}`),
    next: shopNextStatus(order),
    placedAt: time(order.placedAt, false),
    scheduledFor: order.scheduledFor ? time(order.scheduledFor, true) : null,
    lines: order.lines.map((line) => ({
      quantity: line.quantity,
      name: text(line.name),
      choices: formatList(
        line.choices.map((choice) => text(choice.choice)),
        tag,
      ),
    })),
    total: money(order.total),
    payment: boardPaymentText(order, t, money),
    place: [order.address.line, order.address.area].filter(Boolean).join(', '),
    instructions: order.address.instructions ?? null,
    rejectReason: order.rejectReason,
    missed: order.closedBecause === 'no_answer',
    delivery: boardDeliveryOf(order, t),
  };
}

export type BoardOrder = ReturnType<typeof shownOrder>;

/** `/provider/orders`: the shop's board, new orders first, then those under way, then the latest done. */
export async function loadBoard(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const listed = (await signedInCall(url, () => listShopOrders(context, request, shop.id))).data;
  const orders = listed.map((order) => shownOrder(order, locale.iso, t));
  const fresh = orders.filter((order) => order.status === 'placed').reverse();
  const active = orders.filter((order) => ACTIVE.includes(order.status)).reverse();
  const done = orders.filter((order) => order.status !== 'placed' && !ACTIVE.includes(order.status)).slice(0, 10);
  // Each card's chat, collapsed under it: the orders shown, read at once.
  const shown = new Set([...fresh, ...active, ...done].map((order) => order.id));
  const chats: Record<string, ChatView> = {};
  await Promise.all(
    listed
      .filter((order) => shown.has(order.id))
      .map(async (order) => {
        const chat = await loadOrderChat(url, context, request, {
          orderId: order.id,
          language: locale.iso,
          countryCode: order.countryCode,
        }).catch((error: unknown) => {
          // One chat the API could not give (a 5xx, unreachable, a time-out) leaves its card
          // without it, not the shop without its board; anything else still fails the page.
          if (!(error instanceof ApiError && error.status >= 500)) throw error;
          console.error(`board: the chat of order ${order.id} could not be read`, error);
          return null;
        });
        if (chat) chats[order.id] = chat;
      }),
  );
  return {
    shop,
    fresh,
    active,
    done,
    chats,
    /** Riders on shift and free, for the orders still looking for one. */
    riders: await assignableRiders(url, context, request, shop.id, listed),
    /** The chat just written in, open again after the post (`?chat=`). */
    openChat: url.searchParams.get('chat'),
    prepChoices: [10, 15, 20, 30, 45, 60, 90],
    messageBundles: [pageMessageBundle.chat(locale.code)],
    title: `${t('provider.orders.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

/** A card's form as sent: which order it was about (the reason is not put back). */
export interface BoardValues {
  order: string;
}
export type BoardOutcome = FormOutcome<BoardValues, 'reason' | 'riderId'>;

/** Accept with a preparation time, reject with a reason, move on to the next status, or write in its chat. */
export async function moveBoardOrder(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const form = await request.formData();
  const orderId = textOf(form, 'order', { trim: false });
  const intent = form.get('intent');
  if (!isUuid(orderId)) throw data(null, { status: 400 });
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const board = `${localizePath('/provider/orders', locale.code)}?shop=${shop.id}`;
  if (isChatForm(form)) {
    return submitChatForm(url, context, request, form, {
      orderId,
      returnTo: `${board}&chat=${orderId}#chat-${orderId}`,
    });
  }
  if (intent === 'assign') {
    return assignFromBoard(url, context, request, form, { orderId, board });
  }
  try {
    if (intent === 'accept') {
      const minutes = Number(form.get('prepMinutes'));
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240) throw data(null, { status: 400 });
      await signedInCall(url, () => acceptOrder(context, request, orderId, minutes));
    } else if (intent === 'reject') {
      const reason = textOf(form, 'reason');
      if (reason.length < 1 || reason.length > 300) {
        return invalid<BoardValues, 'reason'>(
          { order: orderId },
          { reason: 'provider.order.rejectError' },
          { intent: 'reject' },
        );
      }
      await signedInCall(url, () => rejectOrder(context, request, orderId, reason));
    } else if (intent === 'advance') {
      // A board page drawn before its form said where to (one left open across a release)
      // cannot say which move its keeper saw: the board is shown again as it is now, as when
      // another device moved the order first.
      if (!form.has('to')) return shownAsItIs();
      const to = ADVANCED_STATUSES.find((status) => status === form.get('to'));
      if (!to) throw data(null, { status: 400 });
      await signedInCall(url, () => advanceOrder(context, request, orderId, to));
    } else {
      throw data(null, { status: 400 });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return shownAsItIs();
    throw error;
  }
  throw redirect(board, 303);

  /** The board again, as it is now, saying the order moved since the keeper's page was drawn. */
  function shownAsItIs(): never {
    showToast(context, { type: 'info', title: translatorFor(locale.code)('provider.order.moved'), message: '' });
    throw redirect(board, 303);
  }
}
