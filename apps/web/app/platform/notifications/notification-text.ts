import type { NotificationItem } from '@malewa/contracts/notifications/notification';
import type { Translate } from '../i18n/translator.ts';
import { formatMoney } from '../money/format-money.ts';
import { describeUserAgent } from './user-agent.ts';

/** A notification as the header shows it: its text written in the shopper's language. */
export interface NotificationText {
  readonly title: string;
  readonly body: string;
}

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
        title: t('notifications.problemResolved.title'),
        body:
          amount === 0
            ? t('notifications.problemResolved.none', { shop })
            : item.params.to === 'method'
              ? t('notifications.problemResolved.method', { shop, amount: money })
              : t('notifications.problemResolved.credit', { shop, amount: money }),
      };
    }
  }
}

function deviceName(userAgent: string | undefined, t: Translate): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t('notifications.device.both', { browser, system });
  return browser ?? system ?? t('notifications.device.unknown');
}
