import { type Order, ZOrderSchema } from '@malewa/contracts/orders/order';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { loadBoard } from './orders-page.server.ts';

const SHOP = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const FIRST = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c61';
const SECOND = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c62';

const provider = vi.hoisted(() => ({
  listShopOrders: vi.fn(),
  acceptOrder: vi.fn(),
  advanceOrder: vi.fn(),
  rejectOrder: vi.fn(),
}));
const chatApi = vi.hoisted(() => ({ getOrderChat: vi.fn(), sendOrderMessage: vi.fn() }));
vi.mock('#app/features/provider/provider-api.server.ts', () => provider);
vi.mock('#app/features/chat/chat-api.server.ts', () => chatApi);
vi.mock('#app/features/provider/provider-shop.server.ts', () => ({
  currentShop: async () => ({ shop: { id: SHOP, name: 'Mama Oliech', service: 'food', countryCode: 'KE' } }),
}));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL(`http://malewa.test/provider/orders?shop=${SHOP}`);
const request = new Request(url);
const kes = (amount: number) => ({ amount, currency: 'KES' as const });

/** An order placed with the shop, as the API lists it (checked against its schema). */
const placed = (id: string): Order =>
  ZOrderSchema.parse({
    id,
    checkoutId: '1e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    service: 'food',
    countryCode: 'KE',
    provider: { slug: 'mama-oliech', name: 'Mama Oliech' },
    status: 'placed',
    payment: { method: 'cash', status: 'pending', changeFor: null },
    lines: [
      {
        itemSlug: 'tilapia',
        name: { text: 'Tilapia', lang: 'en' },
        choices: [],
        quantity: 1,
        unitPrice: kes(90_000),
        total: kes(90_000),
        booking: null,
        substitution: null,
        substitute: null,
      },
    ],
    subtotal: kes(90_000),
    deliveryFee: kes(15_000),
    discounts: [],
    discount: kes(0),
    tip: kes(0),
    total: kes(105_000),
    creditUsed: kes(0),
    couponCode: null,
    rejectReason: null,
    closedBecause: null,
    rating: null,
    address: {
      recipient: 'Wanjiru',
      phone: '0712 345 678',
      line: 'Ngong Road 12',
      area: 'Kilimani',
      city: 'Nairobi',
      latitude: -1.29,
      longitude: 36.78,
    },
    etaMinutes: 40,
    scheduledFor: null,
    timeZone: 'Africa/Nairobi',
    placedAt: '2026-11-24T09:30:00.000Z',
    tax: null,
    invoice: null,
    delivery: null,
    deliveryCode: null,
  });

const chatOf = (orderId: string) => ({ orderId, as: 'provider', writable: true, writableUntil: null, messages: [] });

beforeEach(() => {
  vi.clearAllMocks();
  provider.listShopOrders.mockResolvedValue({ data: [placed(FIRST), placed(SECOND)] });
});

describe("the shop's order board", () => {
  it('shows every order when one order’s chat cannot be read, that one without its chat', async () => {
    chatApi.getOrderChat.mockImplementation(async (_context: unknown, _request: unknown, orderId: string) => {
      if (orderId === FIRST) throw new ApiError(503, undefined);
      return chatOf(orderId);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const board = await loadBoard(url, request, context);
    expect(logged).toHaveBeenCalledOnce();
    expect(board.fresh.map((order) => order.id).sort()).toEqual([FIRST, SECOND]);
    expect(Object.keys(board.chats)).toEqual([SECOND]);
  });

  it('fails the board on anything but the API failing, so no bug hides behind a missing chat', async () => {
    chatApi.getOrderChat.mockRejectedValue(new TypeError('a bug'));
    await expect(loadBoard(url, request, context)).rejects.toBeInstanceOf(TypeError);
  });

  it('still sends a shop whose session ended to sign in', async () => {
    chatApi.getOrderChat.mockRejectedValue(new ApiError(401, undefined));
    const refused = await loadBoard(url, request, context).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get('location')).toMatch(/\/auth\/login/);
  });
});
