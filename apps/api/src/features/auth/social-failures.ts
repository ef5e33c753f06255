import { AppError } from '#api/app-error.ts';
import type { OidcProviderConfig } from '#api/config.ts';
import { OidcFailure } from './oidc-client.ts';

/**
 * One message for every answer that does not check out (a forged, replayed, expired or
 * other browser's callback, a bad token): which check failed helps only an attacker. The
 * reason is kept as the cause, for the log.
 */
export function failedSignIn(provider: OidcProviderConfig, cause?: unknown): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `Signing in with ${provider.name} did not work. Please start again from the sign-in page.`,
    { cause },
  );
}

/** A provider's failure as the error the shopper gets. */
export function toOidcFailure(provider: OidcProviderConfig, error: unknown): Error {
  if (!(error instanceof OidcFailure)) return error instanceof Error ? error : new Error(String(error));
  switch (error.kind) {
    case 'cancelled':
      return new AppError(
        'VALIDATION_FAILED',
        `Signing in with ${provider.name} was cancelled. You can try again, or sign in another way.`,
        { cause: error },
      );
    case 'unavailable':
      // A 5xx: the body is the generic one, this message goes to the log.
      return new AppError('UNAVAILABLE', `${provider.name} cannot be reached: ${error.message}`, { cause: error });
    case 'misconfigured':
      return new AppError('INTERNAL', `${provider.name} sign-in is misconfigured: ${error.message}`, { cause: error });
    case 'invalid':
      return failedSignIn(provider, error);
  }
}
