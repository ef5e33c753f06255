import type { TaxClass } from '@malewa/contracts/catalog/vocabulary';
import { currencyDigits } from '@malewa/contracts/currencies';
import { coreLanguageOf } from './templates.ts';

/** A text in the language it is written in (an item's name, a choice). */
interface Named {
  text: string;
  lang: string;
}

/** A delivered order as its invoice states it: amounts in minor units of `currency`. */
export interface InvoiceOrder {
  countryCode: string;
  currency: string;
  /** The shop's time zone: the invoice's date is the delivery's on the market's calendar. */
  timeZone: string;
  number: string;
  /** The time of delivery, when the invoice is issued. */
  issuedAt: Date;
  placedAt: Date;
  /** The order's id, for the shopper to find it. */
  reference: string;
  seller: { name: string; legalName: string | null; vatNumber: string | null; address: string };
  buyer: { recipient: string; line: string; area: string; city: string; postalCode?: string | undefined };
  lines: {
    name: Named;
    choices: { option: Named; choice: Named }[];
    quantity: number;
    unitPrice: number;
    total: number;
    /** Basis points of VAT on the line (0: zero-rated); null: exempt, or no VAT charged. */
    rate: number | null;
    taxClass: TaxClass;
  }[];
  subtotal: number;
  deliveryFee: number;
  discounts: { label: string; amount: number }[];
  tip: number;
  total: number;
  creditUsed: number;
  /** Null: the shop is not registered for VAT, and the page is a receipt. */
  tax: { lines: { rate: number; taxable: number; amount: number }[]; exempt: number } | null;
}

type Words = Record<
  | 'taxInvoice'
  | 'receipt'
  | 'number'
  | 'receiptNumber'
  | 'date'
  | 'order'
  | 'placed'
  | 'seller'
  | 'legalName'
  | 'vatNumber'
  | 'buyer'
  | 'item'
  | 'quantity'
  | 'unitPrice'
  | 'vat'
  | 'amount'
  | 'subtotal'
  | 'delivery'
  | 'tip'
  | 'total'
  | 'creditUsed'
  | 'vatSummary'
  | 'rate'
  | 'taxable'
  | 'exempt'
  | 'exemptShort'
  | 'vatTotal'
  | 'inclusive'
  | 'noVat'
  | 'colon',
  string
>;

/**
 * The invoice's words in the six core languages; any other falls back as the messages do
 * (templates.ts: French for lu, ln and bas, else English). `{shop}` is the seller's name.
 */
const WORDS: Record<'en' | 'ar' | 'es' | 'fr' | 'pt' | 'sw', Words> = {
  en: {
    taxInvoice: 'Tax invoice',
    receipt: 'Receipt',
    number: 'Invoice number',
    receiptNumber: 'Receipt number',
    date: 'Date of supply',
    order: 'Order',
    placed: 'Placed',
    seller: 'Seller',
    legalName: 'Registered name',
    vatNumber: 'VAT number',
    buyer: 'Buyer',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    vat: 'VAT',
    amount: 'Amount',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    tip: 'Tip (not a supply, no VAT)',
    total: 'Total',
    creditUsed: 'Paid with store credit',
    vatSummary: 'VAT by rate',
    rate: 'Rate',
    taxable: 'Value excl. VAT',
    exempt: 'Exempt supplies (no VAT)',
    exemptShort: 'Exempt',
    vatTotal: 'Total VAT',
    inclusive: 'Prices include VAT.',
    noVat: 'No VAT was charged: {shop} is not registered for VAT.',
    colon: ': ',
  },
  ar: {
    taxInvoice: 'فاتورة ضريبية',
    receipt: 'إيصال',
    number: 'رقم الفاتورة',
    receiptNumber: 'رقم الإيصال',
    date: 'تاريخ التوريد',
    order: 'الطلب',
    placed: 'تاريخ الطلب',
    seller: 'البائع',
    legalName: 'الاسم المسجَّل',
    vatNumber: 'رقم ضريبة القيمة المضافة',
    buyer: 'المشتري',
    item: 'الصنف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    vat: 'الضريبة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    delivery: 'التوصيل',
    tip: 'إكرامية (ليست توريدًا، بلا ضريبة)',
    total: 'الإجمالي',
    creditUsed: 'مدفوع من الرصيد',
    vatSummary: 'ضريبة القيمة المضافة حسب النسبة',
    rate: 'النسبة',
    taxable: 'القيمة دون الضريبة',
    exempt: 'توريدات معفاة (بلا ضريبة)',
    exemptShort: 'معفى',
    vatTotal: 'إجمالي الضريبة',
    inclusive: 'الأسعار شاملة ضريبة القيمة المضافة.',
    noVat: 'لم تُحتسب ضريبة القيمة المضافة: {shop} غير مسجَّل في ضريبة القيمة المضافة.',
    colon: ': ',
  },
  es: {
    taxInvoice: 'Factura con IVA',
    receipt: 'Recibo',
    number: 'Número de factura',
    receiptNumber: 'Número de recibo',
    date: 'Fecha de entrega',
    order: 'Pedido',
    placed: 'Realizado',
    seller: 'Vendedor',
    legalName: 'Razón social',
    vatNumber: 'Número de IVA',
    buyer: 'Comprador',
    item: 'Artículo',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    vat: 'IVA',
    amount: 'Importe',
    subtotal: 'Subtotal',
    delivery: 'Envío',
    tip: 'Propina (sin IVA, no es una venta)',
    total: 'Total',
    creditUsed: 'Pagado con saldo',
    vatSummary: 'IVA por tipo',
    rate: 'Tipo',
    taxable: 'Base imponible',
    exempt: 'Operaciones exentas (sin IVA)',
    exemptShort: 'Exento',
    vatTotal: 'Total IVA',
    inclusive: 'Los precios incluyen el IVA.',
    noVat: 'No se cobró IVA: {shop} no está registrado a efectos del IVA.',
    colon: ': ',
  },
  fr: {
    taxInvoice: 'Facture',
    receipt: 'Reçu',
    number: 'Numéro de facture',
    receiptNumber: 'Numéro de reçu',
    date: 'Date de livraison',
    order: 'Commande',
    placed: 'Passée le',
    seller: 'Vendeur',
    legalName: 'Raison sociale',
    vatNumber: 'Numéro de TVA',
    buyer: 'Acheteur',
    item: 'Article',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    vat: 'TVA',
    amount: 'Montant',
    subtotal: 'Sous-total',
    delivery: 'Livraison',
    tip: 'Pourboire (hors TVA, pas une vente)',
    total: 'Total',
    creditUsed: 'Payé avec votre avoir',
    vatSummary: 'TVA par taux',
    rate: 'Taux',
    taxable: 'Montant HT',
    exempt: 'Opérations exonérées (sans TVA)',
    exemptShort: 'Exonéré',
    vatTotal: 'Total TVA',
    inclusive: 'Prix TTC (TVA comprise).',
    noVat: 'Aucune TVA n’a été facturée : {shop} n’est pas assujetti à la TVA.',
    colon: '\u00a0: ',
  },
  pt: {
    taxInvoice: 'Fatura',
    receipt: 'Recibo',
    number: 'Número da fatura',
    receiptNumber: 'Número do recibo',
    date: 'Data da entrega',
    order: 'Pedido',
    placed: 'Feito em',
    seller: 'Vendedor',
    legalName: 'Denominação social',
    vatNumber: 'NUIT / número de IVA',
    buyer: 'Comprador',
    item: 'Artigo',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    vat: 'IVA',
    amount: 'Valor',
    subtotal: 'Subtotal',
    delivery: 'Entrega',
    tip: 'Gorjeta (sem IVA, não é uma venda)',
    total: 'Total',
    creditUsed: 'Pago com saldo',
    vatSummary: 'IVA por taxa',
    rate: 'Taxa',
    taxable: 'Valor sem IVA',
    exempt: 'Operações isentas (sem IVA)',
    exemptShort: 'Isento',
    vatTotal: 'Total do IVA',
    inclusive: 'Os preços incluem IVA.',
    noVat: 'Não foi cobrado IVA: {shop} não está registado para efeitos de IVA.',
    colon: ': ',
  },
  sw: {
    taxInvoice: 'Ankara ya kodi',
    receipt: 'Risiti',
    number: 'Namba ya ankara',
    receiptNumber: 'Namba ya risiti',
    date: 'Tarehe ya kupeleka',
    order: 'Oda',
    placed: 'Iliwekwa',
    seller: 'Muuzaji',
    legalName: 'Jina lililosajiliwa',
    vatNumber: 'Namba ya VAT',
    buyer: 'Mnunuzi',
    item: 'Bidhaa',
    quantity: 'Idadi',
    unitPrice: 'Bei ya kimoja',
    vat: 'VAT',
    amount: 'Kiasi',
    subtotal: 'Jumla ndogo',
    delivery: 'Usafirishaji',
    tip: 'Bakshishi (si mauzo, bila VAT)',
    total: 'Jumla',
    creditUsed: 'Imelipwa kwa salio',
    vatSummary: 'VAT kwa kiwango',
    rate: 'Kiwango',
    taxable: 'Thamani bila VAT',
    exempt: 'Mauzo yaliyosamehewa (bila VAT)',
    exemptShort: 'Imesamehewa',
    vatTotal: 'Jumla ya VAT',
    inclusive: 'Bei zinajumuisha VAT.',
    noVat: 'Hakuna VAT iliyotozwa: {shop} haijasajiliwa kwa VAT.',
    colon: ': ',
  },
};

const RIGHT_TO_LEFT = new Set(['ar']);

/** Text for HTML: the five characters that could open markup or end an attribute, escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A text in its own language, isolated from the page's direction (a Latin name in Arabic). */
function named(text: Named): string {
  return `<bdi lang="${escapeHtml(text.lang)}">${escapeHtml(text.text)}</bdi>`;
}

/** The tag Intl formats with: the shopper's language in the order's market, else the language. */
function formattingTag(language: string, countryCode: string): string {
  try {
    return Intl.getCanonicalLocales(`${language}-${countryCode}`)[0] ?? language;
  } catch {
    return language;
  }
}

/**
 * The invoice of a delivered order as a printable page in `locale` (the shopper's): a tax
 * invoice when the shop charged VAT (the seller's VAT number, the lines with their rate, VAT per
 * rate with its 0 % row and exempt supplies apart; the tip outside VAT), else a receipt that
 * says no VAT was charged. Self-contained: inline CSS for the screen and A4, no scripts.
 */
export function renderInvoice(order: InvoiceOrder, locale: string): string {
  const language = coreLanguageOf(locale);
  const words = WORDS[language];
  const tag = formattingTag(language, order.countryCode);
  const digits = currencyDigits(order.currency);
  const money = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: order.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Amounts read left to right whatever the page's direction, the sign of a discount with them.
  const major = (amount: number, sign = '') =>
    `<bdi dir="ltr">${sign}${escapeHtml(money.format(amount / 10 ** digits))}</bdi>`;
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 });
  const rateText = (rate: number) => escapeHtml(percent.format(rate / 10_000));
  const quantity = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: order.timeZone });
  const taxed = order.tax !== null;
  const title = taxed ? words.taxInvoice : words.receipt;
  const bdi = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

  const sellerLines = [
    `<strong>${bdi(order.seller.name)}</strong>`,
    ...(order.seller.legalName && order.seller.legalName !== order.seller.name
      ? [`${escapeHtml(words.legalName)}${words.colon}${bdi(order.seller.legalName)}`]
      : []),
    bdi(order.seller.address),
    ...(order.seller.vatNumber
      ? [`${escapeHtml(words.vatNumber)}${words.colon}<bdi dir="ltr">${escapeHtml(order.seller.vatNumber)}</bdi>`]
      : []),
  ];
  const buyer = order.buyer;
  const buyerLines = [
    `<strong>${bdi(buyer.recipient)}</strong>`,
    bdi(buyer.line),
    bdi([buyer.area, buyer.city, buyer.postalCode].filter(Boolean).join(', ')),
  ];

  const lineRows = order.lines
    .map((line) => {
      const choices = line.choices
        .map((choice) => `<div class="choice">${named(choice.option)}${words.colon}${named(choice.choice)}</div>`)
        .join('');
      const rate = line.rate === null ? escapeHtml(words.exemptShort) : rateText(line.rate);
      return `<tr><td>${named(line.name)}${choices}</td><td class="n">${escapeHtml(quantity.format(line.quantity))}</td><td class="n">${major(line.unitPrice)}</td>${taxed ? `<td class="n">${rate}</td>` : ''}<td class="n">${major(line.total)}</td></tr>`;
    })
    .join('');

  const totalRows = [
    [words.subtotal, major(order.subtotal)],
    ...order.discounts.map((discount) => [discount.label, major(discount.amount, '−')]),
    [words.delivery, major(order.deliveryFee)],
    ...(order.tip > 0 ? [[words.tip, major(order.tip)]] : []),
  ]
    .map(([label, value]) => `<tr><th scope="row">${bdi(label ?? '')}</th><td class="n">${value}</td></tr>`)
    .join('');
  const credit =
    order.creditUsed > 0
      ? `<tr><th scope="row">${escapeHtml(words.creditUsed)}</th><td class="n">${major(order.creditUsed)}</td></tr>`
      : '';

  let vatSection: string;
  if (order.tax) {
    const rows = order.tax.lines
      .map(
        (row) =>
          `<tr><th scope="row">${rateText(row.rate)}</th><td class="n">${major(row.taxable)}</td><td class="n">${major(row.amount)}</td></tr>`,
      )
      .join('');
    const exempt =
      order.tax.exempt > 0
        ? `<tr class="exempt"><th scope="row">${escapeHtml(words.exempt)}</th><td class="n">${major(order.tax.exempt)}</td><td class="n">—</td></tr>`
        : '';
    const vatTotal = order.tax.lines.reduce((sum, row) => sum + row.amount, 0);
    vatSection = `<section><h2>${escapeHtml(words.vatSummary)}</h2><table class="vat"><thead><tr><th scope="col">${escapeHtml(words.rate)}</th><th scope="col" class="n">${escapeHtml(words.taxable)}</th><th scope="col" class="n">${escapeHtml(words.vat)}</th></tr></thead><tbody>${rows}${exempt}</tbody><tfoot><tr><th scope="row">${escapeHtml(words.vatTotal)}</th><td></td><td class="n">${major(vatTotal)}</td></tr></tfoot></table><p class="note">${escapeHtml(words.inclusive)}</p></section>`;
  } else {
    vatSection = `<p class="note no-vat">${escapeHtml(words.noVat).replace('{shop}', bdi(order.seller.name))}</p>`;
  }

  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} ${escapeHtml(order.number)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(title)}</h1>
<dl class="facts">
<div><dt>${escapeHtml(taxed ? words.number : words.receiptNumber)}</dt><dd><bdi dir="ltr">${escapeHtml(order.number)}</bdi></dd></div>
<div><dt>${escapeHtml(words.date)}</dt><dd>${escapeHtml(day.format(order.issuedAt))}</dd></div>
<div><dt>${escapeHtml(words.order)}</dt><dd><bdi dir="ltr">${escapeHtml(order.reference.slice(0, 8).toUpperCase())}</bdi> · ${escapeHtml(words.placed)} ${escapeHtml(day.format(order.placedAt))}</dd></div>
</dl>
</header>
<section class="parties">
<div><h2>${escapeHtml(words.seller)}</h2><p>${sellerLines.join('<br>')}</p></div>
<div><h2>${escapeHtml(words.buyer)}</h2><p>${buyerLines.join('<br>')}</p></div>
</section>
<table class="lines">
<thead><tr><th scope="col">${escapeHtml(words.item)}</th><th scope="col" class="n">${escapeHtml(words.quantity)}</th><th scope="col" class="n">${escapeHtml(words.unitPrice)}</th>${taxed ? `<th scope="col" class="n">${escapeHtml(words.vat)}</th>` : ''}<th scope="col" class="n">${escapeHtml(words.amount)}</th></tr></thead>
<tbody>${lineRows}</tbody>
</table>
<table class="totals">
<tbody>${totalRows}</tbody>
<tfoot><tr class="total"><th scope="row">${escapeHtml(words.total)}</th><td class="n">${major(order.total)}</td></tr>${credit}</tfoot>
</table>
${vatSection}
</main>
</body>
</html>
`;
}

/** Light: system fonts, black on white, one column on a phone, A4 when printed. */
const STYLE = `
@page{size:A4;margin:14mm}
*{box-sizing:border-box}
body{margin:0;background:#fff;color:#111;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif}
main{max-width:186mm;margin:0 auto;padding:20px 16px}
h1{font-size:1.6em;margin:0 0 .5em}
h2{font-size:.8em;text-transform:uppercase;letter-spacing:.05em;color:#555;margin:0 0 .3em}
[dir=rtl] h2{text-transform:none;letter-spacing:0;font-size:.9em}
.facts{display:flex;flex-wrap:wrap;gap:.4em 2em;margin:0 0 1.2em}
.facts dt{font-size:.8em;color:#555}
.facts dd{margin:0;font-weight:600}
.parties{display:flex;flex-wrap:wrap;gap:1em 2em;margin-bottom:1.2em}
.parties>div{flex:1 1 14em}
.parties p{margin:0}
table{width:100%;border-collapse:collapse;margin-bottom:1em}
th,td{padding:.35em .4em;text-align:start;vertical-align:top}
.lines thead th,.vat thead th{border-bottom:2px solid #111;font-size:.85em}
.lines tbody td{border-bottom:1px solid #ddd}
.n{text-align:end;white-space:nowrap;font-variant-numeric:tabular-nums}
.choice{font-size:.85em;color:#555}
.totals{width:auto;min-width:60%;margin-inline-start:auto}
.totals th{font-weight:normal}
.totals .total th,.totals .total td{font-weight:700;font-size:1.1em;border-top:2px solid #111}
.vat tfoot th,.vat tfoot td{font-weight:700;border-top:1px solid #111}
.vat .exempt th{font-weight:normal;font-style:italic}
.note{font-size:.9em;color:#333}
.no-vat{border:1px solid #111;padding:.6em .8em}
@media (max-width:480px){body{font-size:14px}main{padding:12px 8px}th,td{padding:.3em .25em}.totals{width:100%}.lines{font-size:.92em}}
@media print{body{font-size:10.5pt}main{padding:0;max-width:none}tr{break-inside:avoid}}
`;
