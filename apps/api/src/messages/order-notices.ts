import { currencyDigits } from '@malewa/contracts/currencies';
import type { NotificationKind } from '@malewa/contracts/notifications/notification';
import type { OutboxMessage } from './outbox-repository.ts';
import { problemResolvedMessages } from './problem-resolved.ts';
import { coreLanguageOf, siteLink } from './templates.ts';

/** The order steps that are told beyond the bell: by email, SMS and Web Push. */
export const ORDER_STEP_KINDS = [
  'order-accepted',
  'order-rejected',
  'rider-assigned',
  'order-picked-up',
  'rider-nearly-there',
  'order-delivered',
  'order-cancelled',
  'order-refunded',
  'new-order',
  'order-missed',
  'job-not-taken',
  'new-job',
] as const satisfies readonly NotificationKind[];
export type OrderStepKind = (typeof ORDER_STEP_KINDS)[number];

interface Words {
  steps: Record<OrderStepKind, { title: string; body: string }>;
  code: string;
  vehicles: Record<'bicycle' | 'motorbike' | 'car' | 'on_foot', string>;
}

/**
 * The words of each step in the six core languages, as the storefront's bell says them
 * (apps/web notifications catalogs): the same sentence on the phone's lock screen, in the SMS
 * and in the menu. `{shop}` the shop's name, `{ref}` the order's short reference.
 */
const WORDS: Record<ReturnType<typeof coreLanguageOf>, Words> = {
  en: {
    steps: {
      'order-accepted': {
        title: 'Order accepted',
        body: '{shop} accepted your order {ref} and is getting it ready.',
      },
      'order-rejected': {
        title: 'Order turned down',
        body: '{shop} could not take your order {ref}. Anything you paid comes back to you.',
      },
      'rider-assigned': {
        title: 'A rider is on the job',
        body: '{rider} ({vehicle}) will bring your order {ref} from {shop}.',
      },
      'order-picked-up': {
        title: 'Your order is on its way',
        body: 'Your order {ref} from {shop} has left and is on its way to you.',
      },
      'rider-nearly-there': {
        title: 'Nearly there',
        body: 'Your order {ref} from {shop} is less than 5 minutes away.',
      },
      'order-delivered': {
        title: 'Order delivered',
        body: 'Your order {ref} from {shop} was delivered. Enjoy!',
      },
      'order-cancelled': {
        title: 'Order cancelled',
        body: 'Your order {ref} from {shop} is cancelled.',
      },
      'order-refunded': {
        title: 'Money back',
        body: '{amount} for your order {ref} from {shop} is on its way back to you.',
      },
      'new-order': {
        title: 'New order',
        body: 'Order {ref} for {shop} is waiting for you to accept it.',
      },
      'order-missed': {
        title: 'Order missed',
        body: 'Order {ref} for {shop} was not accepted in time: it was turned down and the shopper was told.',
      },
      'job-not-taken': {
        title: 'No rider has taken an order',
        body: 'Nobody has taken the delivery of order {ref} from {shop} yet. Assign a rider by hand.',
      },
      'new-job': {
        title: 'New delivery job',
        body: 'Order {ref}: pick it up at {shop}.',
      },
    },
    code: 'Your delivery code: {code}.',
    vehicles: {
      bicycle: 'bicycle',
      motorbike: 'motorbike',
      car: 'car',
      on_foot: 'on foot',
    },
  },
  ar: {
    steps: {
      'order-accepted': {
        title: 'تم قبول الطلب',
        body: 'قبل {shop} طلبك {ref} ويجهّزه الآن.',
      },
      'order-rejected': {
        title: 'تم رفض الطلب',
        body: 'لم يتمكن {shop} من قبول طلبك {ref}. سيُعاد إليك كل ما دفعته.',
      },
      'rider-assigned': {
        title: 'عامل توصيل في الطريق إلى طلبك',
        body: 'سيوصل {rider} ({vehicle}) طلبك {ref} من {shop}.',
      },
      'order-picked-up': {
        title: 'طلبك في الطريق',
        body: 'خرج طلبك {ref} من {shop} وهو في الطريق إليك.',
      },
      'rider-nearly-there': {
        title: 'على وشك الوصول',
        body: 'طلبك {ref} من {shop} على بُعد أقل من 5 دقائق.',
      },
      'order-delivered': {
        title: 'تم توصيل الطلب',
        body: 'تم توصيل طلبك {ref} من {shop}. بالهناء!',
      },
      'order-cancelled': {
        title: 'تم إلغاء الطلب',
        body: 'تم إلغاء طلبك {ref} من {shop}.',
      },
      'order-refunded': {
        title: 'استرداد المبلغ',
        body: 'يُعاد إليك مبلغ {amount} عن طلبك {ref} من {shop}.',
      },
      'new-order': {
        title: 'طلب جديد',
        body: 'الطلب {ref} لـ {shop} بانتظار قبولك.',
      },
      'order-missed': {
        title: 'طلب فائت',
        body: 'لم يُقبل الطلب {ref} لـ {shop} في الوقت المحدد، فرُفض وأُبلغ العميل.',
      },
      'job-not-taken': {
        title: 'لم يأخذ أي عامل توصيل طلبًا',
        body: 'لم يأخذ أحد بعدُ توصيل الطلب {ref} من {shop}. عيّن عامل توصيل بنفسك.',
      },
      'new-job': {
        title: 'مهمة توصيل جديدة',
        body: 'الطلب {ref}: استلمه من {shop}.',
      },
    },
    code: 'رمز التوصيل الخاص بك: {code}.',
    vehicles: {
      bicycle: 'دراجة هوائية',
      motorbike: 'دراجة نارية',
      car: 'سيارة',
      on_foot: 'سيرًا على الأقدام',
    },
  },
  es: {
    steps: {
      'order-accepted': {
        title: 'Pedido aceptado',
        body: '{shop} aceptó tu pedido {ref} y lo está preparando.',
      },
      'order-rejected': {
        title: 'Pedido rechazado',
        body: '{shop} no pudo aceptar tu pedido {ref}. Lo que pagaste te será devuelto.',
      },
      'rider-assigned': {
        title: 'Un repartidor se encarga',
        body: '{rider} ({vehicle}) te llevará tu pedido {ref} de {shop}.',
      },
      'order-picked-up': {
        title: 'Tu pedido va en camino',
        body: 'Tu pedido {ref} de {shop} ya salió y va camino a tu casa.',
      },
      'rider-nearly-there': {
        title: 'Casi llega',
        body: 'Tu pedido {ref} de {shop} está a menos de 5 minutos.',
      },
      'order-delivered': {
        title: 'Pedido entregado',
        body: 'Tu pedido {ref} de {shop} fue entregado. ¡Buen provecho!',
      },
      'order-cancelled': {
        title: 'Pedido cancelado',
        body: 'Tu pedido {ref} de {shop} está cancelado.',
      },
      'order-refunded': {
        title: 'Reembolso',
        body: 'Te devolvemos {amount} por tu pedido {ref} de {shop}.',
      },
      'new-order': {
        title: 'Pedido nuevo',
        body: 'El pedido {ref} para {shop} espera que lo aceptes.',
      },
      'order-missed': {
        title: 'Pedido perdido',
        body: 'El pedido {ref} para {shop} no se aceptó a tiempo: se rechazó y se avisó al cliente.',
      },
      'job-not-taken': {
        title: 'Ningún repartidor tomó un pedido',
        body: 'Nadie ha tomado aún la entrega del pedido {ref} de {shop}. Asigna un repartidor a mano.',
      },
      'new-job': {
        title: 'Nueva entrega',
        body: 'Pedido {ref}: recógelo en {shop}.',
      },
    },
    code: 'Tu código de entrega: {code}.',
    vehicles: {
      bicycle: 'bicicleta',
      motorbike: 'moto',
      car: 'coche',
      on_foot: 'a pie',
    },
  },
  fr: {
    steps: {
      'order-accepted': {
        title: 'Commande acceptée',
        body: '{shop} a accepté votre commande {ref} et la prépare.',
      },
      'order-rejected': {
        title: 'Commande refusée',
        body: '{shop} n’a pas pu prendre votre commande {ref}. Ce que vous avez payé vous est rendu.',
      },
      'rider-assigned': {
        title: 'Un livreur s’en charge',
        body: '{rider} ({vehicle}) vous apportera votre commande {ref} de {shop}.',
      },
      'order-picked-up': {
        title: 'Votre commande est en route',
        body: 'Votre commande {ref} de {shop} est partie et arrive chez vous.',
      },
      'rider-nearly-there': {
        title: 'Presque arrivé',
        body: 'Votre commande {ref} de {shop} est à moins de 5 minutes.',
      },
      'order-delivered': {
        title: 'Commande livrée',
        body: 'Votre commande {ref} de {shop} a été livrée. Bon appétit !',
      },
      'order-cancelled': {
        title: 'Commande annulée',
        body: 'Votre commande {ref} de {shop} est annulée.',
      },
      'order-refunded': {
        title: 'Remboursement',
        body: '{amount} pour votre commande {ref} de {shop} vous sont rendus.',
      },
      'new-order': {
        title: 'Nouvelle commande',
        body: 'La commande {ref} pour {shop} attend que vous l’acceptiez.',
      },
      'order-missed': {
        title: 'Commande manquée',
        body: 'La commande {ref} pour {shop} n’a pas été acceptée à temps : elle a été refusée et le client prévenu.',
      },
      'job-not-taken': {
        title: 'Aucun livreur n’a pris une commande',
        body: 'Personne n’a encore pris la livraison de la commande {ref} de {shop}. Choisissez un livreur vous-même.',
      },
      'new-job': {
        title: 'Nouvelle course',
        body: 'Commande {ref} : à récupérer chez {shop}.',
      },
    },
    code: 'Votre code de livraison : {code}.',
    vehicles: {
      bicycle: 'vélo',
      motorbike: 'moto',
      car: 'voiture',
      on_foot: 'à pied',
    },
  },
  pt: {
    steps: {
      'order-accepted': {
        title: 'Pedido aceite',
        body: '{shop} aceitou o seu pedido {ref} e está a prepará-lo.',
      },
      'order-rejected': {
        title: 'Pedido recusado',
        body: '{shop} não pôde aceitar o seu pedido {ref}. O que pagou ser-lhe-á devolvido.',
      },
      'rider-assigned': {
        title: 'Um estafeta trata da entrega',
        body: '{rider} ({vehicle}) vai levar-lhe o pedido {ref} de {shop}.',
      },
      'order-picked-up': {
        title: 'O seu pedido está a caminho',
        body: 'O seu pedido {ref} de {shop} já saiu e está a caminho.',
      },
      'rider-nearly-there': {
        title: 'Quase a chegar',
        body: 'O seu pedido {ref} de {shop} está a menos de 5 minutos.',
      },
      'order-delivered': {
        title: 'Pedido entregue',
        body: 'O seu pedido {ref} de {shop} foi entregue. Bom apetite!',
      },
      'order-cancelled': {
        title: 'Pedido cancelado',
        body: 'O seu pedido {ref} de {shop} está cancelado.',
      },
      'order-refunded': {
        title: 'Reembolso',
        body: '{amount} do seu pedido {ref} de {shop} estão a ser-lhe devolvidos.',
      },
      'new-order': {
        title: 'Novo pedido',
        body: 'O pedido {ref} para {shop} espera que o aceite.',
      },
      'order-missed': {
        title: 'Pedido perdido',
        body: 'O pedido {ref} para {shop} não foi aceite a tempo: foi recusado e o cliente foi avisado.',
      },
      'job-not-taken': {
        title: 'Nenhum estafeta aceitou um pedido',
        body: 'Ninguém aceitou ainda a entrega do pedido {ref} de {shop}. Atribua um estafeta manualmente.',
      },
      'new-job': {
        title: 'Nova entrega',
        body: 'Pedido {ref}: recolha-o em {shop}.',
      },
    },
    code: 'O seu código de entrega: {code}.',
    vehicles: {
      bicycle: 'bicicleta',
      motorbike: 'mota',
      car: 'carro',
      on_foot: 'a pé',
    },
  },
  sw: {
    steps: {
      'order-accepted': {
        title: 'Oda imekubaliwa',
        body: '{shop} imekubali oda yako {ref} na inaiandaa.',
      },
      'order-rejected': {
        title: 'Oda imekataliwa',
        body: '{shop} haikuweza kupokea oda yako {ref}. Ulicholipa kitarudishwa kwako.',
      },
      'rider-assigned': {
        title: 'Msafirishaji amepatikana',
        body: '{rider} ({vehicle}) atakuletea oda yako {ref} kutoka {shop}.',
      },
      'order-picked-up': {
        title: 'Oda yako iko njiani',
        body: 'Oda yako {ref} kutoka {shop} imeondoka na iko njiani kuja kwako.',
      },
      'rider-nearly-there': {
        title: 'Karibu kufika',
        body: 'Oda yako {ref} kutoka {shop} iko chini ya dakika 5 kufika.',
      },
      'order-delivered': {
        title: 'Oda imefikishwa',
        body: 'Oda yako {ref} kutoka {shop} imefikishwa. Furahia!',
      },
      'order-cancelled': {
        title: 'Oda imeghairiwa',
        body: 'Oda yako {ref} kutoka {shop} imeghairiwa.',
      },
      'order-refunded': {
        title: 'Pesa zimerudishwa',
        body: '{amount} za oda yako {ref} kutoka {shop} zinarudishwa kwako.',
      },
      'new-order': {
        title: 'Oda mpya',
        body: 'Oda {ref} ya {shop} inasubiri uikubali.',
      },
      'order-missed': {
        title: 'Oda imekosekana',
        body: 'Oda {ref} ya {shop} haikukubaliwa kwa wakati, kwa hiyo imekataliwa na mteja ameambiwa.',
      },
      'job-not-taken': {
        title: 'Hakuna msafirishaji aliyechukua oda',
        body: 'Bado hakuna aliyechukua usafirishaji wa oda {ref} kutoka {shop}. Mchague msafirishaji mwenyewe.',
      },
      'new-job': {
        title: 'Kazi mpya ya usafirishaji',
        body: 'Oda {ref}: ichukue kwa {shop}.',
      },
    },
    code: 'Nambari yako ya kupokea: {code}.',
    vehicles: {
      bicycle: 'baiskeli',
      motorbike: 'pikipiki',
      car: 'gari',
      on_foot: 'kwa miguu',
    },
  },
};

/** An order as its pages name it: the first eight characters of its id, in capitals. */
export function orderRef(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/** The page a step is about: the shopper's order, the shop's board, the rider's jobs. */
function pathOf(kind: OrderStepKind, params: Record<string, string>): string {
  if (kind === 'new-order' || kind === 'order-missed' || kind === 'job-not-taken') return '/provider/orders';
  if (kind === 'new-job') return '/rider';
  return `/account/orders/${params.orderId ?? ''}`;
}

function money(minor: number, currency: string, locale: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
  }
  return format.format(minor / 10 ** currencyDigits(currency));
}

/** `{name}` replaced by its param; one the step does not give stays empty rather than failing the step. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/** A step's title and sentence in `locale`'s language, and its page (unprefixed). */
export function renderOrderStep(
  kind: OrderStepKind,
  params: Record<string, string>,
  locale: string,
): { title: string; body: string; path: string } {
  const words = WORDS[coreLanguageOf(locale)];
  const vehicle = params.vehicle ?? '';
  const values = {
    shop: params.shop ?? '',
    ref: orderRef(params.orderId ?? ''),
    rider: params.rider ?? '',
    vehicle: vehicle in words.vehicles ? words.vehicles[vehicle as keyof Words['vehicles']] : vehicle,
    amount: params.amount && params.currency ? money(Number(params.amount), params.currency, locale) : '',
  };
  const step = words.steps[kind];
  const body = fill(step.body, values);
  return {
    title: step.title,
    body: params.code ? `${body} ${fill(words.code, { code: params.code })}` : body,
    path: pathOf(kind, params),
  };
}

/**
 * The messages that tell one person about a step, in their language: an email to `email`, an
 * SMS to `phone`, a Web Push message to each subscription in `push` (its body the JSON the
 * service worker shows: title, body, the page to open, and a tag per order, so that a newer step
 * replaces the older on the phone).
 */
export function orderStepMessages(
  publicOrigin: string,
  step: { kind: OrderStepKind; params: Record<string, string> },
  to: NoticeRecipient,
): OutboxMessage[] {
  const { title, body, path } = renderOrderStep(step.kind, step.params, to.locale);
  const link = siteLink(publicOrigin, to.locale, path);
  const subject = `${title} · ${orderRef(step.params.orderId ?? '')}`;
  const base = { template: step.kind, locale: to.locale, subject };
  const messages: OutboxMessage[] = [];
  if (to.email) messages.push({ ...base, channel: 'email', recipient: to.email, body: `${body}\n\n${link}` });
  if (to.phone) messages.push({ ...base, channel: 'sms', recipient: to.phone, body: `Malewa: ${body} ${link}` });
  const payload = JSON.stringify({
    title,
    body,
    url: siteLink('', to.locale, path),
    tag: `order:${step.params.orderId ?? ''}`,
  });
  for (const id of to.push) messages.push({ ...base, channel: 'push', recipient: id, body: payload });
  return messages;
}

/** Who a notice goes to beyond the bell: an address, a number, the subscriptions of their browsers. */
export interface NoticeRecipient {
  locale: string;
  email: string | null;
  phone: string | null;
  push: readonly string[];
}

/**
 * The messages of a notice beyond the bell: an order's steps, and a problem's resolution (its
 * refund). Account notices (welcome, new sign-in …) have messages of their own, sent by auth:
 * none here.
 */
export function noticeMessages(
  publicOrigin: string,
  notice: { kind: NotificationKind; params: Record<string, string> },
  to: NoticeRecipient,
): OutboxMessage[] {
  if (notice.kind === 'problem-resolved') {
    const {
      shop = '',
      orderId = '',
      countryCode = '',
      currency = '',
      amount = '0',
      to: where = 'credit',
    } = notice.params;
    return problemResolvedMessages(
      publicOrigin,
      { shop, orderId, countryCode, currency, amount, to: where, note: notice.params.note },
      to,
    );
  }
  if (!(ORDER_STEP_KINDS as readonly NotificationKind[]).includes(notice.kind)) return [];
  return orderStepMessages(publicOrigin, { kind: notice.kind as OrderStepKind, params: notice.params }, to);
}
