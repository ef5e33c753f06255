import { data, redirect } from 'react-router';
import { ApiError } from '../api-client/api-client.server.ts';
import { loginPathFor } from './session.server.ts';

/**
 * A call to the API on a signed-in shopper's page: a 401 (the session ended on the way) sends
 * them to sign in and back here; a 404 (not theirs, or gone) is the page's 404, unless the
 * caller says it answers it itself (`{ notFound: 'caller' }`: a form that tells "no longer
 * available"). Anything else is the caller's to handle.
 */
export async function signedInCall<T>(
  url: URL,
  call: () => Promise<T>,
  options: { notFound?: 'page' | 'caller' } = {},
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    if (error instanceof ApiError && error.status === 404 && options.notFound !== 'caller') {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
