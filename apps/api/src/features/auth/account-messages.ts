import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '@malewa/contracts/auth/social-providers';
import type { OutboxMessage } from '#api/messages/outbox-repository.ts';
import { renderMessage, siteLink, type TemplateName } from '#api/messages/templates.ts';

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
): OutboxMessage {
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

/**
 * Tells the owner of an address that a provider verified for their account that someone tried
 * to take the address for a password account, and how they sign in (docs/decisions/0011).
 */
export function socialOwnerMessage(
  publicOrigin: string,
  input: { identifier: string; owner: { locale: string; providers: string[] } },
): OutboxMessage {
  const names = input.owner.providers.map((id) => SOCIAL_PROVIDER_NAMES[id as SocialProvider] ?? id);
  return accountMessage(publicOrigin, {
    template: 'already-registered-social',
    identifier: input.identifier,
    locale: input.owner.locale,
    params: { providers: names.join(' / ') },
  });
}
