import { currencyDigits } from '@malewa/contracts/currencies';

type Words = { percent: string; fixed: string; freeDelivery: string; coupon: string };

/** The API's own words for an offer without a title, in the languages its messages speak. */
const WORDS: Record<'en' | 'ar' | 'es' | 'fr' | 'pt' | 'sw', Words> = {
  en: { percent: '{value}% off', fixed: '{value} off', freeDelivery: 'Free delivery', coupon: 'Coupon {code}' },
  ar: { percent: 'خصم {value}٪', fixed: 'خصم {value}', freeDelivery: 'توصيل مجاني', coupon: 'القسيمة {code}' },
  es: {
    percent: '{value} % de descuento',
    fixed: '{value} de descuento',
    freeDelivery: 'Envío gratis',
    coupon: 'Cupón {code}',
  },
  fr: {
    percent: '{value} % de réduction',
    fixed: '{value} de réduction',
    freeDelivery: 'Livraison offerte',
    coupon: 'Coupon {code}',
  },
  pt: {
    percent: '{value}% de desconto',
    fixed: '{value} de desconto',
    freeDelivery: 'Entrega grátis',
    coupon: 'Cupão {code}',
  },
  sw: {
    percent: 'Punguzo la {value}%',
    fixed: 'Punguzo la {value}',
    freeDelivery: 'Usafirishaji bure',
    coupon: 'Kuponi {code}',
  },
};

const FRENCH_READERS = new Set(['ln', 'lu', 'bas']);

/** The first of the shopper's languages the API has words for. */
function wordsFor(languages: readonly string[]): { lang: string; words: Words } {
  for (const lang of languages) {
    if (lang in WORDS) return { lang, words: WORDS[lang as keyof typeof WORDS] };
    if (FRENCH_READERS.has(lang)) return { lang: 'fr', words: WORDS.fr };
  }
  return { lang: 'en', words: WORDS.en };
}

/**
 * A discount's name: the offer's own title in the shopper's language when it has one, else a
 * description from its kind and value ("10% off", "R 20,00 off", "Free delivery"); a coupon
 * without a title is named by its code. The storefront words its own in every language; this
 * is for API readers, receipts and invoices.
 */
export function discountLabel(
  offer: { kind: 'percent' | 'fixed' | 'free-delivery'; value: number; code: string | null; title: string | null },
  source: 'offer' | 'coupon',
  languages: readonly string[],
  market: { countryCode: string; currency: string },
): string {
  if (offer.title) return offer.title;
  const { lang, words } = wordsFor(languages);
  if (source === 'coupon' && offer.code && offer.kind !== 'free-delivery') {
    return words.coupon.replace('{code}', offer.code);
  }
  if (offer.kind === 'free-delivery') return words.freeDelivery;
  if (offer.kind === 'percent') return words.percent.replace('{value}', String(offer.value));
  const digits = currencyDigits(market.currency);
  const money = new Intl.NumberFormat(`${lang}-${market.countryCode}`, {
    style: 'currency',
    currency: market.currency,
    minimumFractionDigits: digits,
  }).format(offer.value / 10 ** digits);
  return words.fixed.replace('{value}', money);
}
