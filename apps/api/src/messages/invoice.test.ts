import { describe, expect, it } from 'vitest';
import { type InvoiceOrder, renderInvoice } from './invoice.ts';

const ORDER: InvoiceOrder = {
  countryCode: 'RW',
  currency: 'RWF',
  timeZone: 'Africa/Kigali',
  number: 'chez-mama-3',
  issuedAt: new Date('2026-11-24T21:30:00Z'),
  placedAt: new Date('2026-11-24T20:00:00Z'),
  reference: '3eab6cb9-1111-4222-8333-444455556666',
  seller: { name: 'Chez <Mama> & Co', legalName: null, vatNumber: null, address: 'Kimironko, Kigali' },
  buyer: { recipient: 'Aline "A" Uwase', line: 'KG 11 Ave', area: 'Remera', city: 'Kigali' },
  lines: [
    {
      name: { text: 'Brochettes', lang: 'fr' },
      choices: [],
      quantity: 2,
      unitPrice: 2500,
      total: 5000,
      rate: null,
      taxClass: 'standard',
    },
  ],
  subtotal: 5000,
  deliveryFee: 1000,
  discounts: [{ label: '−10 % <offer>', amount: 500 }],
  tip: 0,
  total: 5500,
  creditUsed: 0,
  tax: null,
};

describe('an invoice page', () => {
  it('escapes what shops and shoppers wrote, and runs nothing', () => {
    const page = renderInvoice(ORDER, 'en');
    expect(page).toContain('Chez &#60;Mama&#62; &#38; Co');
    expect(page).toContain('Aline &#34;A&#34; Uwase');
    expect(page).toContain('−10 % &#60;offer&#62;');
    expect(page).not.toMatch(/<script|<link|<img|src=/i);
  });

  it('writes the currency with its own digits (Rwandan francs have none) and the date on the market’s calendar', () => {
    const page = renderInvoice(ORDER, 'fr');
    expect(page).toContain(new Intl.NumberFormat('fr-RW', { style: 'currency', currency: 'RWF' }).format(5500));
    expect(page).not.toMatch(/5[\s\u202f\u00a0]?500,00/);
    // 21:30 UTC is 23:30 in Kigali, still the 24th.
    expect(page).toContain('24 novembre 2026');
  });

  it('from a shop not registered, has no VAT column and says no VAT was charged, naming the shop', () => {
    const page = renderInvoice(ORDER, 'sw');
    expect(page).toContain('<h1>Risiti</h1>');
    expect(page).toContain('Hakuna VAT iliyotozwa: <bdi>Chez &#60;Mama&#62; &#38; Co</bdi> haijasajiliwa kwa VAT.');
    expect(page).not.toContain('<th scope="col" class="n">VAT</th>');
  });

  it('in Arabic, reads right to left with amounts and names isolated left to right', () => {
    const page = renderInvoice(ORDER, 'ar');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<bdi lang="fr">Brochettes</bdi>');
    expect(page).toMatch(/<bdi dir="ltr">−[^<]*500[^<]*<\/bdi>/);
  });
});
