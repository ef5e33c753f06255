import { requestResetEndpoint, ZRequestResetRequestSchema } from '@malewa/contracts/auth/request-reset';
import type { RouterContextProvider } from 'react-router';
import { authWords } from '#app/features/auth/api-messages.ts';
import { IDENTIFIER_KEPT } from '#app/features/auth/kept-fields.ts';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { apiFailure, done, invalid, parseForm, valuesOf } from '#app/platform/forms/form.server.ts';

/** The link is on its way (if an account has the identifier): the page says where. */
export interface ResetLinkSent {
  identifier: string;
}

/**
 * Asks for a password reset link. Whether or not an account has the identifier, the page
 * answers the same (decision 6): "if an account exists, we sent it a link".
 */
export async function requestResetLink(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, IDENTIFIER_KEPT);
  const parsed = parseForm(ZRequestResetRequestSchema, { identifier: values.identifier }, authWords);
  if (!parsed.ok) return invalid(values, parsed.errors);
  try {
    await apiClientFor(context, request).call(requestResetEndpoint, { body: parsed.request });
    return done<ResetLinkSent>({ identifier: parsed.request.identifier });
  } catch (error) {
    return apiFailure(error, values, 'auth: a reset link', authWords);
  }
}
