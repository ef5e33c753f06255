import type { NotificationItem } from '@malewa/contracts/notifications/notification';
import type { Translate } from '../i18n/translator.ts';
import { formatMoney } from '../money/format-money.ts';
import { describeUserAgent } from './user-agent.ts';

/** A notification as the header shows it: its text written in the shopper's language. */
export interface NotificationText {
  readonly title: string;
  readonly body: string;
  /** The page it is about (unprefixed: the menu puts it in the page's language), when there is one. */
  readonly href?: string;
}

/** An order as its pages name it to people: the first eight characters of its id, in capitals. */
export function orderRef(orderId: string | undefined): string {
  return (orderId ?? '').slice(0, 8).toUpperCase();
}

const VEHICLES = new Set(['bicycle', 'motorbike', 'car', 'on_foot']);

/**
 * The API sends what happened (`kind`) and its particulars (`params`); the words are ours, in
 * the page's language (contracts: notifications/notification.ts). Written on the server, so
 * these messages never ride along with every page (the `notifications` page namespace).
 */
export function notificationText(
  item: Pick<NotificationItem, 'kind' | 'params'>,
  t: Translate,
  person: { readonly name: string },
  /** How money is written for this shopper (`en-KE`). */
  tag = 'en',
): NotificationText {
  switch (item.kind) {
    case 'welcome':
      return { title: t('notifications.welcome.title', { name: person.name }), body: t('notifications.welcome.body') };
    case 'account-confirmed':
      return { title: t('notifications.accountConfirmed.title'), body: t('notifications.accountConfirmed.body') };
    case 'password-changed':
      return { title: t('notifications.passwordChanged.title'), body: t('notifications.passwordChanged.body') };
    case 'new-sign-in':
      return {
        title: t('notifications.newSignIn.title'),
        body: t('notifications.newSignIn.body', {
          device: deviceName(item.params.userAgent, t),
          address: item.params.clientIp ?? '?',
        }),
      };
    case 'problem-resolved': {
      const amount = Number(item.params.amount ?? 0);
      const shop = item.params.shop ?? '';
      const money = formatMoney(amount, item.params.currency ?? 'ZAR', tag);
      return {
        ...(item.params.orderId ? { href: `/account/orders/${item.params.orderId}` } : {}),
        title: t('notifications.problemResolved.title'),
        body:
          amount === 0
            ? t('notifications.problemResolved.none', { shop })
            : item.params.to === 'method'
              ? t('notifications.problemResolved.method', { shop, amount: money })
              : t('notifications.problemResolved.credit', { shop, amount: money }),
      };
    }
    case 'order-accepted':
    case 'order-rejected':
    case 'rider-assigned':
    case 'order-picked-up':
    case 'rider-nearly-there':
    case 'order-delivered':
    case 'order-cancelled':
    case 'order-refunded':
      return shopperStep(item, t, tag);
    case 'new-order':
      return { ...orderStep('newOrder', item, t), href: '/provider/orders' };
    case 'order-missed':
      return { ...orderStep('orderMissed', item, t), href: '/provider/orders' };
    case 'job-not-taken':
      return { ...orderStep('jobNotTaken', item, t), href: '/provider/orders' };
    case 'new-job':
      return { ...orderStep('newJob', item, t), href: '/rider' };
  }
}

type OrderStepKey =
  | 'orderAccepted'
  | 'orderRejected'
  | 'riderAssigned'
  | 'orderPickedUp'
  | 'riderNearlyThere'
  | 'orderDelivered'
  | 'orderCancelled'
  | 'orderRefunded'
  | 'newOrder'
  | 'orderMissed'
  | 'jobNotTaken'
  | 'newJob';

/** A step of an order: it names the shop and the order as its pages do (`{shop}`, `{ref}`). */
function orderStep(
  key: OrderStepKey,
  item: Pick<NotificationItem, 'params'>,
  t: Translate,
  values: Record<string, string> = {},
): NotificationText {
  const named = { shop: item.params.shop ?? '', ref: orderRef(item.params.orderId), ...values };
  return { title: t(`notifications.${key}.title`), body: t(`notifications.${key}.body`, named) };
}

/** A step of the shopper's own order, which links to its page; the delivery code when it is told. */
function shopperStep(item: Pick<NotificationItem, 'kind' | 'params'>, t: Translate, tag: string): NotificationText {
  const { params } = item;
  const key = SHOPPER_STEPS[item.kind as keyof typeof SHOPPER_STEPS];
  const vehicle = params.vehicle ?? '';
  const values: Record<string, string> =
    item.kind === 'rider-assigned'
      ? {
          rider: params.rider ?? '',
          vehicle: VEHICLES.has(vehicle)
            ? t(`notifications.vehicle.${vehicle as 'bicycle' | 'motorbike' | 'car' | 'on_foot'}`)
            : vehicle,
        }
      : item.kind === 'order-refunded'
        ? { amount: formatMoney(Number(params.amount ?? 0), params.currency ?? 'ZAR', tag) }
        : {};
  const text = orderStep(key, item, t, values);
  const body = params.code ? `${text.body} ${t('notifications.deliveryCode', { code: params.code })}` : text.body;
  return { ...text, body, ...(params.orderId ? { href: `/account/orders/${params.orderId}` } : {}) };
}

const SHOPPER_STEPS = {
  'order-accepted': 'orderAccepted',
  'order-rejected': 'orderRejected',
  'rider-assigned': 'riderAssigned',
  'order-picked-up': 'orderPickedUp',
  'rider-nearly-there': 'riderNearlyThere',
  'order-delivered': 'orderDelivered',
  'order-cancelled': 'orderCancelled',
  'order-refunded': 'orderRefunded',
} as const satisfies Partial<Record<NotificationItem['kind'], OrderStepKey>>;

function deviceName(userAgent: string | undefined, t: Translate): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t('notifications.device.both', { browser, system });
  return browser ?? system ?? t('notifications.device.unknown');
}
