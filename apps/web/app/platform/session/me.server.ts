import { getMeEndpoint, type Me } from '@malewa/contracts/auth/get-me';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '../api-client/api-client.server.ts';
import { sessionOf } from './session.server.ts';

/** One request's answer of GET /user/me: the root, the account layout and the profile all need it. */
const asked = new WeakMap<Readonly<RouterContextProvider>, Promise<Me>>();

/**
 * The signed-in shopper and their credential, asked of the API once per request however many
 * loaders want it (the context is the request's own). Throws the API's error (a 401 when the
 * session has ended, its cookies already removed).
 */
export function loadMe(context: Readonly<RouterContextProvider>, request: Request): Promise<Me> {
  let me = asked.get(context);
  if (!me) {
    me = apiClientFor(context, request, sessionOf(context))
      .call(getMeEndpoint, {})
      .then((response) => response.data);
    asked.set(context, me);
  }
  return me;
}

/**
 * The shopper as another answer of this request already gave it (the header's): loaders that
 * ask after it need no call of their own.
 */
export function knowMe(context: Readonly<RouterContextProvider>, me: Me): void {
  if (!asked.has(context)) asked.set(context, Promise.resolve(me));
}

/** After an action changed the profile: the loaders that follow in this request ask again. */
export function forgetMe(context: Readonly<RouterContextProvider>): void {
  asked.delete(context);
}
