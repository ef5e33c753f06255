import { randomBytes } from 'node:crypto';
import { pathOf } from '@malewa/contracts/endpoint';
import { decideSandboxPaymentEndpoint } from '@malewa/contracts/payments/decide-sandbox-payment';
import { deleteSavedCardEndpoint } from '@malewa/contracts/payments/delete-saved-card';
import { getPaymentEndpoint } from '@malewa/contracts/payments/get-payment';
import { listPaymentsEndpoint, listSavedCardsEndpoint } from '@malewa/contracts/payments/list-payments';
import { PAYMENT_SIGNATURE_HEADER, paymentWebhookEndpoint } from '@malewa/contracts/payments/payment-webhook';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '#api/app-error.ts';
import type { CheckoutDeps } from '#api/flows/checkout.ts';
import { confirmPayment } from '#api/flows/confirm-payment.ts';
import type { ApiMetrics } from '#api/metrics/api-metrics.ts';
import { SANDBOX_CARD, signWebhook, verifyWebhook } from '#api/payments/payment-gateway.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { header } from '#api/request-headers.ts';
import { deleteSavedCard } from './delete-saved-card.ts';
import { getPayment } from './get-payment.ts';
import { listPayments } from './list-payments.ts';
import { listSavedCards } from './list-saved-cards.ts';

/** The card a sandbox card payment charged: the saved card it named, or the test card, tokenised. */
async function sandboxCard(deps: CheckoutDeps, userId: string, paymentId: string) {
  const row = await deps.payments.ownById(userId, paymentId);
  const saved = row?.cardId ? await deps.payments.ownCard(userId, row.cardId) : undefined;
  if (saved) {
    const { token, brand, last4, expMonth, expYear } = saved;
    return { token, brand, last4, expMonth, expYear };
  }
  return {
    token: `tok_sandbox_${randomBytes(12).toString('hex')}`,
    ...SANDBOX_CARD,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
  };
}
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * Payments (docs/product/checkout.md, payments): a shopper reads their payment while its prompt
 * waits; the gateway tells how it ended through its signed webhook; the sandbox provider's
 * stand-in for the phone.
 */
export const paymentRoutes: FastifyPluginAsync<CheckoutDeps & { metrics: Pick<ApiMetrics, 'payment'> }> = async (
  app,
  deps,
) => {
  // The webhook's signature is over the exact bytes sent: keep them beside the parsed body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as unknown as { rawBody: string }).rawBody = String(body);
    try {
      done(null, body === '' ? undefined : JSON.parse(String(body)));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'The body is not JSON'), undefined);
    }
  });

  registerEndpoint(app, listPaymentsEndpoint, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await listPayments(deps, principalOf(request).userId) };
    },
  });
  registerEndpoint(app, listSavedCardsEndpoint, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await listSavedCards(deps, principalOf(request).userId) };
    },
  });
  registerEndpoint(app, deleteSavedCardEndpoint, {
    handler: async (request) => {
      await deleteSavedCard(deps, principalOf(request).userId, request.params.id);
      return { data: { id: request.params.id } };
    },
  });
  registerEndpoint(app, getPaymentEndpoint, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await getPayment(deps, principalOf(request).userId, request.params.id) };
    },
  });

  registerEndpoint(app, paymentWebhookEndpoint, {
    handler: async (request) => {
      const raw = (request as unknown as { rawBody?: string }).rawBody ?? '';
      const { provider } = request.params;
      if (
        provider !== deps.gateway.name ||
        !verifyWebhook(deps.gateway.webhookSecret, header(request, PAYMENT_SIGNATURE_HEADER), raw, seconds())
      ) {
        request.log.warn({ provider, reference: request.body.reference }, 'payment webhook refused: bad signature');
        deps.metrics.payment('refused');
        throw new AppError('UNAUTHENTICATED', 'The signature does not match');
      }
      try {
        deps.metrics.payment(await confirmPayment(deps, provider, request.body));
      } catch (error) {
        if (error instanceof AppError) {
          deps.metrics.payment('refused');
          request.log.warn(
            { provider, reference: request.body.reference, eventId: request.body.eventId, code: error.code },
            `payment webhook refused: ${error.message}`,
          );
        }
        throw error;
      }
      return { received: true as const };
    },
  });

  if (deps.gateway.sandbox) {
    registerEndpoint(app, decideSandboxPaymentEndpoint, {
      handler: async (request) => {
        const userId = principalOf(request).userId;
        const payment = await getPayment(deps, userId, request.params.id);
        if (!payment.sandbox) throw new AppError('NOT_FOUND', 'No such payment');
        if (payment.status !== 'pending') throw new AppError('CONFLICT', 'This payment is no longer waiting');
        // The sandbox gateway tells us, as a real one would: a signed notice to the webhook,
        // with the card it charged (the saved one, or its test card with a fresh token).
        const body = JSON.stringify({
          eventId: `evt_${randomBytes(12).toString('hex')}`,
          reference: payment.id,
          status: request.body.decision === 'approve' ? 'succeeded' : 'failed',
          amount: payment.amount.amount,
          currency: payment.amount.currency,
          ...(payment.method === 'card' ? { card: await sandboxCard(deps, userId, payment.id) } : {}),
        });
        const notified = await app.inject({
          method: 'POST',
          url: `${app.prefix}${pathOf(paymentWebhookEndpoint, { provider: deps.gateway.name })}`,
          headers: {
            'content-type': 'application/json',
            [PAYMENT_SIGNATURE_HEADER]: signWebhook(deps.gateway.webhookSecret, body, seconds()),
          },
          payload: body,
        });
        if (notified.statusCode !== 200) throw new Error(`the sandbox webhook answered ${notified.statusCode}`);
        return { data: await getPayment(deps, userId, request.params.id) };
      },
    });
  }
};
