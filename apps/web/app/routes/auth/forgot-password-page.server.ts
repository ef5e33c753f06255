import { requestResetEndpoint, ZRequestResetRequestSchema } from '@malewa/contracts/auth/request-reset';
import { data, type RouterContextProvider } from 'react-router';
import { apiFailure, invalid, schemaErrors, valuesOf } from '../../features/auth/auth-form.server.ts';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';

/**
 * Asks for a password reset link. Whether or not an account has the identifier, the page
 * answers the same (decision 6): "if an account exists, we sent it a link".
 */
export async function requestResetLink(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, ['identifier']);
  const parsed = ZRequestResetRequestSchema.safeParse({ identifier: values.identifier });
  if (!parsed.success) return invalid(values, schemaErrors(parsed.error));
  try {
    await apiClientFor(context, request).call(requestResetEndpoint, { body: parsed.data });
    return data({ status: 'sent' as const, identifier: parsed.data.identifier });
  } catch (error) {
    return apiFailure(error, values, 'a reset link');
  }
}
