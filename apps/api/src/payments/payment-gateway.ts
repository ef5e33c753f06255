import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a gateway is told about a payment: ours, by its id. */
export interface GatewayPayment {
  id: string;
  method: string;
  /** Mobile money's phone; empty for a card. */
  phone: string;
  amount: number;
  currency: string;
  /** A saved card's token: the gateway charges it (after its own 3-D Secure check). */
  cardToken?: string | undefined;
}

/**
 * One payment-provider interface (docs/product/checkout.md, payments) for every mobile-money
 * and card gateway: start a payment (the prompt on the shopper's phone), give money back, and
 * the secret its signed webhooks are checked with. How a payment ends always comes through the
 * webhook.
 */
export interface PaymentGateway {
  readonly name: string;
  /** No money moves: the storefront labels the payment as a sandbox one. */
  readonly sandbox: boolean;
  readonly webhookSecret: string;
  initiate(payment: GatewayPayment): Promise<void>;
  /**
   * Gives `payment.amount` back to where it came from; throws when the method cannot take it
   * back. `key` names this refund: sent twice (a process died before it heard the answer), the
   * gateway refunds once.
   */
  refund(payment: GatewayPayment, key: string): Promise<void>;
}

/**
 * The sandbox provider: it behaves like a mobile-money gateway whose prompts wait on a phone,
 * and a card gateway whose 3-D Secure page waits on the shopper (`POST /api/payments/{id}/sandbox`
 * stands in for the shopper's answer), and tells us how each ended through the same signed
 * webhook path a real one uses. Its one card is the networks' public test card (Visa ending
 * 4242). Refunds succeed at once.
 */
export function createSandboxGateway(webhookSecret?: string): PaymentGateway {
  return {
    name: 'sandbox',
    sandbox: true,
    // Without a configured secret, one per process: enough for one process (the default).
    webhookSecret: webhookSecret ?? randomBytes(32).toString('hex'),
    async initiate() {},
    async refund() {},
  };
}

/** The card the sandbox charges a new card payment to: the card networks' public test number's last digits. */
export const SANDBOX_CARD = { brand: 'visa', last4: '4242' } as const;

/** Signatures older than this are refused: a captured notice cannot be sent again later. */
export const SIGNATURE_TOLERANCE_S = 300;

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the webhook's signature header. */
export function signWebhook(secret: string, body: string, nowSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${nowSeconds}.${body}`).digest('hex');
  return `t=${nowSeconds},v1=${digest}`;
}

/** Whether a webhook's signature header is ours for this exact body, and recent. */
export function verifyWebhook(secret: string, header: string | undefined, body: string, nowSeconds: number): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const time = Number(parts.t);
  if (!Number.isInteger(time) || Math.abs(nowSeconds - time) > SIGNATURE_TOLERANCE_S) return false;
  if (!/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${time}.${body}`).digest('hex'), 'hex');
  return timingSafeEqual(expected, Buffer.from(parts.v1 ?? '', 'hex'));
}
