import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { loadOrderChat, submitChatForm } from './chat.server.ts';

const ORDER = '3f0c1d2e-4b5a-4c6d-8e7f-901a2b3c4d5e';

const api = vi.hoisted(() => ({ getOrderChat: vi.fn(), sendOrderMessage: vi.fn() }));
vi.mock('./chat-api.server.ts', () => api);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL(`http://malewa.test/ar/account/orders/${ORDER}`);
const returnTo = `/ar/account/orders/${ORDER}#chat-${ORDER}`;
const send = (fields: Record<string, string>): Promise<ActionAnswer> =>
  submitAction(url, { intent: 'chat', ...fields }, async (request) =>
    submitChatForm(url, context, request, await request.formData(), { orderId: ORDER, returnTo }),
  );

beforeEach(() => {
  vi.clearAllMocks();
  api.sendOrderMessage.mockResolvedValue({});
});

describe('the chat form', () => {
  it('sends a quick reply, or the text trimmed, then comes back to the chat', async () => {
    expect((await send({ quickReply: 'call-me', body: 'typed meanwhile' })).redirect).toBe(returnTo);
    expect(api.sendOrderMessage).toHaveBeenLastCalledWith(context, expect.any(Request), ORDER, {
      quickReply: 'call-me',
    });
    expect((await send({ body: '  Blue gate  ' })).redirect).toBe(returnTo);
    expect(api.sendOrderMessage).toHaveBeenLastCalledWith(context, expect.any(Request), ORDER, {
      body: 'Blue gate',
    });
  });

  it('puts an empty or long text beside its field, as typed, and sends nothing', async () => {
    expect(await send({ body: '   ' })).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { body: 'commerce.chat.error.empty' },
      values: { order: ORDER, body: '   ' },
    });
    expect(await send({ body: 'x'.repeat(501) })).toMatchObject({ errors: { body: 'commerce.chat.error.long' } });
    expect(api.sendOrderMessage).not.toHaveBeenCalled();
  });

  it('says when the chat has closed, and how long to wait after too many messages', async () => {
    api.sendOrderMessage.mockRejectedValueOnce(new ApiError(409, { errors: { message: 'closed' } }));
    expect(await send({ body: 'Late' })).toMatchObject({
      code: 409,
      status: 'refused',
      reason: 'commerce.chat.closed',
      values: { body: 'Late' },
    });
    api.sendOrderMessage.mockRejectedValueOnce(new ApiError(429, undefined, 'Too many', 90));
    expect(await send({ body: 'Again' })).toMatchObject({ code: 429, status: 'rate-limited', minutes: 2 });
  });
});

describe('the chat as a page loads it', () => {
  it('writes times on the market’s clock, marks the reader’s side, and is null when not theirs', async () => {
    api.getOrderChat.mockResolvedValueOnce({
      orderId: ORDER,
      as: 'shop',
      writable: true,
      writableUntil: null,
      messages: [
        {
          id: 'a',
          seq: 1,
          author: 'shopper',
          authorName: 'Zawadi',
          body: 'Hi',
          quickReply: null,
          at: '2020-03-01T09:05:00Z',
        },
        {
          id: 'b',
          seq: 2,
          author: 'shop',
          authorName: 'Mama Oliech',
          body: null,
          quickReply: 'thank-you',
          at: '2020-03-01T09:06:00Z',
        },
      ],
    });
    const chat = await loadOrderChat(url, context, new Request(url), {
      orderId: ORDER,
      language: 'en',
      countryCode: 'KE',
    });
    expect(chat?.messages.map((message) => [message.ours, message.time])).toEqual([
      [false, expect.stringContaining('12:05')],
      [true, expect.stringContaining('12:06')],
    ]);
    api.getOrderChat.mockRejectedValueOnce(new ApiError(404, undefined));
    expect(
      await loadOrderChat(url, context, new Request(url), { orderId: ORDER, language: 'en', countryCode: 'KE' }),
    ).toBeNull();
  });
});
