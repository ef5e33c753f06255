import { renderMessage, siteLink, type TemplateName } from '../../messages/templates.ts';
import type { NewMessage } from './auth-repository.ts';

/**
 * A message to the owner of `identifier` in `locale`, ready for the outbox: email for an
 * address, SMS for a phone number. `links` are storefront paths made absolute in the locale.
 */
export function accountMessage(
  publicOrigin: string,
  input: {
    template: TemplateName;
    identifier: string;
    locale: string;
    params?: Record<string, string>;
    links?: Record<string, string>;
  },
): NewMessage {
  const links = Object.fromEntries(
    Object.entries(input.links ?? {}).map(([name, path]) => [name, siteLink(publicOrigin, input.locale, path)]),
  );
  const { subject, body } = renderMessage(input.template, input.locale, {
    identifier: input.identifier,
    loginLink: siteLink(publicOrigin, input.locale, '/auth/login'),
    forgotLink: siteLink(publicOrigin, input.locale, '/auth/forgot-password'),
    ...input.params,
    ...links,
  });
  return {
    channel: input.identifier.includes('@') ? 'email' : 'sms',
    recipient: input.identifier,
    template: input.template,
    locale: input.locale,
    subject,
    body,
  };
}
