import type { SocialProviderInfo } from '@malewa/contracts/auth/social-providers';
import { AppError } from '#api/app-error.ts';
import type { OidcProviderConfig } from '#api/config.ts';
import type { AuthDeps } from './auth-deps.ts';

/** The providers the storefront may offer: only those configured. */
export function listSocialProviders(deps: Pick<AuthDeps, 'oidc'>): SocialProviderInfo[] {
  return deps.oidc.providers.map((provider) => ({ id: provider.id, name: provider.name }));
}

/** An enabled provider by its path name; an unknown or disabled one is a 404. */
export function enabledProvider(deps: Pick<AuthDeps, 'oidc'>, id: string): OidcProviderConfig {
  const provider = deps.oidc.provider(id);
  if (!provider) throw new AppError('NOT_FOUND', 'Signing in with this service is not available.');
  return provider;
}
