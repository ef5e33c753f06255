import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MessagesConfig } from '../config.ts';

export interface OutgoingMessage {
  id: string;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  template: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/** Hands one message to whatever delivers it; throws when it could not. */
export interface Transport {
  readonly name: string;
  send(message: OutgoingMessage): Promise<{ location?: string }>;
  close?(): void;
}

/**
 * Development: each message becomes a text file a person can open, so that a code or a link
 * can be followed by hand when no SMTP server or SMS gateway is configured.
 */
export function createFileTransport(dir: string): Transport {
  return {
    name: 'file',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const stamp = message.createdAt.toISOString().replace(/[-:.]/g, '');
      const safe = (s: string) => s.replace(/[^A-Za-z0-9@.+_-]/g, '_');
      const path = join(dir, `${stamp}-${safe(message.recipient)}-${message.template}-${message.id.slice(0, 8)}.txt`);
      const text =
        `To: ${message.recipient}\nChannel: ${message.channel}\nSubject: ${message.subject}\n` +
        `Date: ${message.createdAt.toISOString()}\n\n${message.body}\n`;
      await writeFile(path, text, { mode: 0o600 });
      return { location: path };
    },
  };
}

export function createSmtpTransport(smtp: NonNullable<MessagesConfig['smtp']>): Transport {
  const mailer = createTransport(smtp.url);
  return {
    name: 'smtp',
    async send(message) {
      const info = await mailer.sendMail({
        from: smtp.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      return { location: info.messageId };
    },
    close: () => mailer.close(),
  };
}

/**
 * A generic SMS gateway: an HTTPS JSON POST of `{ to, from, text }` with a Bearer token; any
 * 2xx answer counts as accepted. Most gateways take this shape or need a thin proxy.
 */
export function createSmsGatewayTransport(sms: NonNullable<MessagesConfig['sms']>): Transport {
  return {
    name: 'sms-gateway',
    async send(message) {
      const response = await fetch(sms.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(sms.token ? { authorization: `Bearer ${sms.token}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, from: sms.sender, text: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      return {};
    },
  };
}

/** A transport per channel; push only where Web Push is wired (server.ts: it needs the database). */
export type Transports = Record<'email' | 'sms', Transport> & { push?: Transport };

/** Email through SMTP and SMS through the gateway when configured; otherwise files. */
export function createTransports(config: MessagesConfig): Record<'email' | 'sms', Transport> {
  const file = createFileTransport(config.outboxDir);
  return {
    email: config.smtp ? createSmtpTransport(config.smtp) : file,
    sms: config.sms ? createSmsGatewayTransport(config.sms) : file,
  };
}
