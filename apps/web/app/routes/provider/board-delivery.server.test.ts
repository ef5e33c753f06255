import type { OrderDelivery, Rider } from '@malewa/contracts/delivery/rider';
import type { Order } from '@malewa/contracts/orders/order';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { assignableRiders, assignFromBoard, boardDeliveryOf, shopNextStatus } from './board-delivery.server.ts';

const ORDER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const SHOP = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const RIDER = '5d1f8f7e-0a3b-4c2d-9e8f-1a2b3c4d5e6f';

const api = vi.hoisted(() => ({ assignRider: vi.fn(), listShopRiders: vi.fn() }));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('#app/features/riders/riders-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL(`http://malewa.test/provider/orders?shop=${SHOP}`);
const BOARD = `/provider/orders?shop=${SHOP}`;
const t = translatorFor('en');

const delivery = (over: Partial<OrderDelivery> = {}): OrderDelivery => ({
  status: 'searching',
  rider: null,
  position: null,
  etaMinutes: null,
  codeLocked: false,
  ...over,
});
/** Only what the board's delivery reads of an order. */
const order = (status: Order['status'], job: OrderDelivery | null) => ({ status, delivery: job }) as Order;

const rider = (over: Partial<Rider>): Rider => ({
  id: RIDER,
  firstName: 'Otieno',
  name: 'Otieno Odhiambo',
  contact: null,
  vehicle: 'motorbike',
  onShift: true,
  shopId: SHOP,
  locationId: null,
  shopIds: [],
  suspended: null,
  busy: false,
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  api.assignRider.mockResolvedValue(delivery({ status: 'assigned', rider: { firstName: 'Otieno', vehicle: 'car' } }));
});

describe('boardDeliveryOf', () => {
  it('names the rider and vehicle in the page’s words, and the minutes once picked up', () => {
    const picked = delivery({ status: 'picked_up', rider: { firstName: 'Otieno', vehicle: 'on_foot' }, etaMinutes: 7 });
    expect(boardDeliveryOf(order('out_for_delivery', picked), t)).toEqual({
      status: 'picked_up',
      rider: { name: 'Otieno', vehicle: 'On foot' },
      etaMinutes: 7,
      codeLocked: false,
    });
    expect(boardDeliveryOf(order('ready', delivery()), translatorFor('fr'))).toMatchObject({ rider: null });
  });

  it('is nothing when no rider delivers it', () => {
    expect(boardDeliveryOf(order('preparing', null), t)).toBeNull();
    expect(boardDeliveryOf(order('out_for_delivery', delivery({ status: 'cancelled' })), t)).toBeNull();
  });
});

describe('shopNextStatus', () => {
  const assigned = delivery({ status: 'assigned', rider: { firstName: 'Otieno', vehicle: 'car' } });
  const picked = delivery({ status: 'picked_up', rider: { firstName: 'Otieno', vehicle: 'car' } });

  it('leaves the moves a rider makes to the rider', () => {
    expect(shopNextStatus(order('ready', assigned))).toBeNull();
    expect(shopNextStatus(order('out_for_delivery', picked))).toBeNull();
  });

  it('lets the shop prepare, deliver what no rider has, and complete a delivery whose code is locked', () => {
    expect(shopNextStatus(order('preparing', assigned))).toBe('ready');
    expect(shopNextStatus(order('ready', delivery()))).toBe('out_for_delivery');
    expect(shopNextStatus(order('ready', null))).toBe('out_for_delivery');
    expect(shopNextStatus(order('out_for_delivery', { ...picked, codeLocked: true }))).toBe('delivered');
    expect(shopNextStatus(order('delivered', null))).toBeNull();
  });
});

describe('assignableRiders', () => {
  it('asks only while an order looks for a rider, and offers those on shift, free and not suspended', async () => {
    expect(await assignableRiders(url, context, new Request(url), SHOP, [order('ready', null)])).toEqual([]);
    expect(api.listShopRiders).not.toHaveBeenCalled();
    api.listShopRiders.mockResolvedValue([
      rider({}),
      rider({ id: 'off', onShift: false }),
      rider({ id: 'busy', busy: true }),
      rider({ id: 'out', suspended: { at: '2026-01-01T00:00:00.000Z', reason: 'Late' } }),
    ]);
    const riders = await assignableRiders(url, context, new Request(url), SHOP, [order('ready', delivery())]);
    expect(riders).toEqual([{ id: RIDER, label: 'Otieno Odhiambo · Motorbike' }]);
  });
});

describe('assigning a rider from the board', () => {
  const assign = (riderId: string) =>
    submitAction(url, { intent: 'assign', order: ORDER, riderId }, async (request) =>
      assignFromBoard(url, context, request, await request.formData(), { orderId: ORDER, board: BOARD }),
    );

  it('gives the order to the rider chosen and says so', async () => {
    expect(await assign(RIDER)).toEqual({ redirect: BOARD });
    expect(api.assignRider).toHaveBeenCalledWith(context, expect.any(Request), ORDER, RIDER);
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success', title: 'Otieno has the delivery.' });
  });

  it('asks to choose a rider when none was', async () => {
    expect(await assign('')).toMatchObject({
      code: 400,
      intent: 'assign',
      errors: { riderId: 'provider.delivery.error.rider' },
      values: { order: ORDER, riderId: '' },
    });
    expect(api.assignRider).not.toHaveBeenCalled();
  });

  it('says beside the select that the rider went off shift or took another job (409), the choice kept', async () => {
    api.assignRider.mockRejectedValue(new ApiError(409, { errors: { message: 'Otieno is off shift' } }));
    expect(await assign(RIDER)).toMatchObject({
      code: 409,
      errors: { riderId: 'provider.delivery.error.unavailable' },
      values: { order: ORDER, riderId: RIDER },
    });
  });

  it('refuses a rider who does not serve the shop (404)', async () => {
    api.assignRider.mockRejectedValue(new ApiError(404, { errors: { riderId: ['Choose one of the riders listed'] } }));
    expect(await assign(RIDER)).toMatchObject({ code: 400, errors: { riderId: 'provider.delivery.error.rider' } });
  });

  it('goes back to the board when a rider took the job first', async () => {
    api.assignRider.mockRejectedValue(
      new ApiError(409, { errors: { message: 'A rider already has this order' }, problem: { code: 'gone' } }),
    );
    expect(await assign(RIDER)).toEqual({ redirect: BOARD });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'info' });
  });
});
