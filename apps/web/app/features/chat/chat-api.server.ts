import { listOrderMessagesEndpoint, type OrderChat } from '@malewa/contracts/orders/list-order-messages';
import type { OrderMessage } from '@malewa/contracts/orders/order-message';
import { type SendOrderMessageRequest, sendOrderMessageEndpoint } from '@malewa/contracts/orders/send-order-message';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The order chat at the API, as the signed-in reader (its shopper, its shop's people, its rider). */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function getOrderChat(context: Context, request: Request, orderId: string): Promise<OrderChat> {
  return (await client(context, request).call(listOrderMessagesEndpoint, { params: { id: orderId } })).data;
}

export async function sendOrderMessage(
  context: Context,
  request: Request,
  orderId: string,
  message: SendOrderMessageRequest,
): Promise<OrderMessage> {
  return (await client(context, request).call(sendOrderMessageEndpoint, { params: { id: orderId }, body: message }))
    .data;
}
