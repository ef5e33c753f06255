import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * `GET /api/orders/{id}/invoice`: one of my delivered orders' invoice as a printable HTML page
 * (`text/html`, no scripts, A4), in the `Accept-Language` language. From a shop registered for
 * VAT it is a tax invoice (the seller's VAT number, the VAT per rate, exempt supplies apart);
 * from any other shop a receipt that says no VAT was charged. Anyone else's order is not found;
 * an order not delivered yet has no invoice (409).
 */
export const ZGetOrderInvoiceParamsSchema = z.object({ id: z.uuid() });

/** What the page is, for the OpenAPI document: an HTML document, not a JSON value. */
export const ZOrderInvoiceDocumentSchema = z
  .string()
  .describe('text/html: a printable tax invoice or receipt, self-contained (inline CSS, no scripts)');

/** The success's content type (the route declares it); a refusal is JSON, as everywhere. */
export const INVOICE_CONTENT_TYPE = 'text/html';

export const getOrderInvoiceEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/orders/:id/invoice',
  tags: ['orders'],
  summary: 'My delivered order’s tax invoice or receipt, as printable HTML',
  access: 'signed-in',
  params: ZGetOrderInvoiceParamsSchema,
  success: { 200: ZOrderInvoiceDocumentSchema },
  refusals: [401, 404, 409],
});
