import { NOTIFICATION_KINDS, type NotificationItem } from '@malewa/contracts/notifications/notification';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/messages.server.ts';
import { notificationText, orderRef } from './notification-text.ts';

const ORDER = '3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e';
const person = { name: 'Amina' };
const step = (kind: NotificationItem['kind'], params: Record<string, string> = {}) => ({
  kind,
  params: { orderId: ORDER, shop: 'Mama Wanjiku', ...params },
});

describe('notificationText', () => {
  it('writes every kind in every core language, with no key left raw', () => {
    for (const code of ['en', 'fr', 'ar', 'es', 'pt', 'sw'] as const) {
      const t = translatorFor(code);
      for (const kind of NOTIFICATION_KINDS) {
        const text = notificationText(step(kind, { amount: '1500', currency: 'KES' }), t, person, code);
        expect(text.title, `${code} ${kind}`).not.toMatch(/notifications\./);
        expect(text.body, `${code} ${kind}`).not.toMatch(/notifications\.|\{/);
      }
    }
  });

  it('names the order by its shop and short reference, and links to its page', () => {
    const t = translatorFor('en');
    expect(orderRef(ORDER)).toBe('3F2A9C1E');
    expect(notificationText(step('order-accepted'), t, person)).toEqual({
      title: 'Order accepted',
      body: 'Mama Wanjiku accepted your order 3F2A9C1E and is getting it ready.',
      href: `/account/orders/${ORDER}`,
    });
    expect(notificationText(step('new-order'), t, person).href).toBe('/provider/orders');
    expect(notificationText(step('new-job'), t, person).href).toBe('/rider');
    expect(notificationText(step('order-cancelled'), translatorFor('fr'), person).body).toBe(
      'Votre commande 3F2A9C1E de Mama Wanjiku est annulée.',
    );
  });

  it('writes the rider, the vehicle, the money and the delivery code', () => {
    const t = translatorFor('en');
    expect(notificationText(step('rider-assigned', { rider: 'Juma', vehicle: 'motorbike' }), t, person).body).toBe(
      'Juma (motorbike) will bring your order 3F2A9C1E from Mama Wanjiku.',
    );
    expect(
      notificationText(step('order-refunded', { amount: '150000', currency: 'KES' }), t, person, 'en-KE').body,
    ).toMatch(/^KSh\s?1,500\.00 for your order 3F2A9C1E/);
    expect(notificationText(step('order-picked-up', { code: '4821' }), t, person).body).toMatch(
      /Your delivery code: 4821\.$/,
    );
  });
});
