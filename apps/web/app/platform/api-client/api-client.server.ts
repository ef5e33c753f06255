import {
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type EndpointProblem,
  pathOf,
  type SuccessStatus,
} from '@malewa/contracts/endpoint';
import { type ErrorResponse, type Toast, ZErrorResponseSchema } from '@malewa/contracts/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@malewa/contracts/request-headers';
import { REQUEST_ID_HEADER } from '@malewa/contracts/request-id';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import type { RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { clientAddressContext, configContext, placeContext, requestIdContext } from '#app/context.ts';
import { apiUnavailableContext } from '../http/api-unavailable.server.ts';
import { localeOfPath } from '../i18n/locales.ts';
import { storeIdFor } from '../markets/market-cookie.server.ts';

/**
 * The storefront's only way to the API, used by loaders and actions on the server. It sends the
 * headers of docs/product/pages.md (calls to the API), gives up after the configured timeout
 * (30 s), and checks every body against the shared contract. Tokens stay on the server: the
 * browser never sees this client or what it sends.
 */
export interface ApiClientOptions {
  baseApiUrl: string;
  authApiUrl: string;
  timeoutMs: number;
  storeId: string;
  storeLocation: string;
  /** The page's language, as Accept-Language: the catalog answers in it where it can. */
  language?: string | undefined;
  /** A fixed token; `session` instead for the shopper's own, which it renews when refused. */
  accessToken?: string | undefined;
  session?: ApiSession | undefined;
  /** Who the call is on behalf of: the API's rate limits and sign-in notices are per shopper. */
  clientAddress?: string | undefined;
  /** Sent with the client address: the API believes the address only with it. */
  storefrontSecret?: string | undefined;
  userAgent?: string | undefined;
  /** The shopper's request this call serves (X-Request-Id): the API logs it on its lines too. */
  requestId?: string | undefined;
  /**
   * Told when the API could not serve a call (unreachable, 502, 503, 504), with its
   * Retry-After: a page that then fails is answered 503, not 500 (http/api-unavailable.server.ts).
   */
  onUnavailable?: ((retryAfterSeconds: number | undefined) => void) | undefined;
  fetch?: typeof fetch;
}

/** The part of the shopper's session the client uses (session/request-session.ts). */
export interface ApiSession {
  accessToken(): Promise<string | undefined>;
  renewAfter(rejected: string): Promise<string | undefined>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorResponse['errors'];
  readonly toast: Toast | undefined;
  /** One of the endpoint's problems, when the refusal is one (read it with `problemOf`). */
  readonly problem: unknown;
  /** From a 429's Retry-After header: how long to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ErrorResponse | undefined, message?: string, retryAfterSeconds?: number) {
    const errors = body?.errors ?? { message: message ?? `The API answered ${status}` };
    super(typeof errors.message === 'string' ? errors.message : `The API answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.toast = body?._notification;
    this.problem = body?.problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Retry-After in whole minutes, as pages say it ("try again in 2 minutes"): a minute at least. */
  get retryAfterMinutes(): number {
    return Math.max(1, Math.ceil((this.retryAfterSeconds ?? 60) / 60));
  }
}

/** The refusal's problem, as the endpoint declares its problems; undefined for any other error. */
export function problemOf<E extends Endpoint>(error: unknown, endpoint: E): EndpointProblem<E> | undefined {
  if (!(error instanceof ApiError) || !endpoint.problems || error.problem === undefined) return undefined;
  const parsed = endpoint.problems.safeParse(error.problem);
  return parsed.success ? (parsed.data as EndpointProblem<E>) : undefined;
}

type Query = Record<string, string | number | undefined>;

/**
 * The waits before each further try of a call that may be sent again (under an
 * Idempotency-Key, or repeatable): 3.75 s in all.
 */
const RETRY_DELAYS_MS = [250, 500, 1000, 2000];
/**
 * Answers after which such a call is sent again: the API process died or could not be reached
 * (502 from the balancer, 503 or no answer), timed out at the balancer (504), or the database
 * could not serve (503).
 */
const GONE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/**
 * A keyed call also after a 409: a try that died with its process still holds the key for the
 * moment the database takes to notice. A repeatable call's 409 is the API's answer (the order
 * is elsewhere), so it stands.
 */
const KEYED_RETRY_STATUSES: ReadonlySet<number> = new Set([409, ...GONE_STATUSES]);

/** A try is not started with less time than this left: it would be cut off mid-way. */
const LEAST_TRY_MS = 1_000;

/**
 * Sends a call until it has an answer worth keeping, all its tries before `deadline` (a hung API
 * must not hold the shopper past the balancer's own limit). Safe only for a call under an
 * Idempotency-Key (the API does the work once per key and replays its first answer: a checkout
 * whose API process was killed mid-way is placed once, not lost and not twice) or a repeatable
 * one (it names the state it moves to: a second try of a move that was done is answered as it is).
 */
async function sendAgain(
  send: (token: string | undefined) => Promise<Response>,
  token: string | undefined,
  retryOn: ReadonlySet<number>,
  deadline: number,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await send(token);
    } catch (error) {
      failure = error;
    }
    const wait = RETRY_DELAYS_MS[attempt];
    const again =
      wait !== undefined &&
      Date.now() + wait + LEAST_TRY_MS <= deadline &&
      (response === undefined || retryOn.has(response.status));
    if (!again) {
      if (response) return response;
      throw failure;
    }
    await response?.body?.cancel().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;

  /** Sends a prepared call; `answerOf` gives the schema of each success status (the endpoint's). */
  async function request(
    api: 'base' | 'auth',
    method: string,
    path: string,
    answerOf: (status: number) => z.ZodType | undefined,
    init: { query?: Query; body?: unknown; headers?: Record<string, string>; repeatable?: boolean } = {},
  ): Promise<unknown> {
    const url = new URL(`${api === 'base' ? options.baseApiUrl : options.authApiUrl}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    // One timeout for the whole call, whatever it sends again (a keyed or repeatable call's
    // tries, a GET after a 408, the call after a renewed token).
    const deadline = Date.now() + options.timeoutMs;
    const send = async (token: string | undefined): Promise<Response> => {
      // A form with files goes as multipart, its boundary set by fetch; anything else as JSON.
      const multipart = init.body instanceof FormData;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...(multipart ? {} : { 'Content-Type': 'application/json' }),
        'X-STORE-ID': options.storeId,
        'X-STORE-LOCATION': options.storeLocation,
      };
      if (options.language) headers['Accept-Language'] = options.language;
      if (token) headers.Authorization = `Bearer ${token}`;
      if (options.clientAddress && options.storefrontSecret) {
        headers['X-Forwarded-For'] = options.clientAddress;
        headers[STOREFRONT_SECRET_HEADER] = options.storefrontSecret;
      }
      if (options.userAgent) headers['User-Agent'] = options.userAgent;
      if (options.requestId) headers[REQUEST_ID_HEADER] = options.requestId;
      // Per-call extras override the defaults.
      Object.assign(headers, init.headers);
      try {
        return await doFetch(url, {
          method,
          headers,
          body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
      } catch (error) {
        // Network failure or timeout: the API is unreachable, which a page shows as 503.
        options.onUnavailable?.(undefined);
        throw new ApiError(503, undefined, error instanceof Error ? error.message : 'The API could not be reached');
      }
    };

    const token = options.session ? await options.session.accessToken() : options.accessToken;
    let response = await (init.headers?.[IDEMPOTENCY_KEY_HEADER]
      ? sendAgain(send, token, KEYED_RETRY_STATUSES, deadline)
      : init.repeatable
        ? sendAgain(send, token, GONE_STATUSES, deadline)
        : send(token));
    // A 408 says the API gave up waiting for the request and closed the connection: a read may
    // be sent again (RFC 9110 §15.5.9), once. A form is not: it may have been done.
    if (response.status === 408 && method === 'GET') {
      await response.body?.cancel().catch(() => undefined);
      response = await send(token);
    }
    if (response.status === 401 && token && options.session) {
      // Refused although signed in: renew once and retry; if renewing fails the session has ended
      // (docs/product/accounts.md, automatic logout) and the 401 stands.
      const renewed = await options.session.renewAfter(token);
      if (renewed) {
        await response.body?.cancel().catch(() => undefined);
        response = await send(renewed);
      }
    }

    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = ZErrorResponseSchema.safeParse(payload);
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      if (response.status >= 502 && response.status <= 504) {
        options.onUnavailable?.(Number.isFinite(retryAfter) ? retryAfter : undefined);
      }
      throw new ApiError(
        response.status,
        parsed.success ? parsed.data : undefined,
        undefined,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    const answer = answerOf(response.status);
    if (!answer)
      throw new ApiError(502, undefined, `The API answered ${response.status}, which this call does not expect`);
    return answer.parse(payload);
  }

  /**
   * What a call of `endpoint` sends, checked against its schemas before it goes (a refusal here
   * is the 400 the API would give, with the fields named): its path filled from `params`, and
   * its query as strings.
   */
  function prepare<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): { path: string; query: Query } {
    const fields: Record<string, string[]> = {};
    const check = (schema: z.ZodType | undefined, value: unknown, part: string) => {
      if (!schema || value instanceof FormData) return;
      const checked = schema.safeParse(value ?? (part === 'query' ? {} : undefined));
      if (checked.success) return;
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.') || part;
        fields[key] = [...(fields[key] ?? []), issue.message];
      }
    };
    check(endpoint.params, input.params, 'params');
    check(endpoint.query, input.query, 'query');
    check(endpoint.body, input.body, 'body');
    if (Object.keys(fields).length > 0) throw new ApiError(400, { errors: fields });
    const query = Object.fromEntries(
      Object.entries((input.query ?? {}) as Record<string, unknown>).map(([key, value]) => [
        key,
        value === undefined || value === null ? undefined : Array.isArray(value) ? value.join(',') : String(value),
      ]),
    );
    return { path: pathOf(endpoint, input.params as Record<string, unknown> | undefined), query };
  }

  /**
   * Calls an endpoint of the contracts: what it sends checked first (`prepare`), and the answer
   * checked against the schema of its status.
   */
  async function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointOutput<E>> {
    const { path, query } = prepare(endpoint, input);
    return request(
      endpoint.api,
      endpoint.method,
      path,
      (status: number) => endpoint.success[status as SuccessStatus] as z.ZodType | undefined,
      { query, body: input.body, headers: input.headers, repeatable: endpoint.repeatable === true },
    ) as Promise<EndpointOutput<E>>;
  }

  /**
   * A stream the API sends as it goes (server-sent events, a file): the response itself,
   * unread, with no timeout (it lasts as long as the page watches); `signal` ends it when the
   * browser goes. What it sends is checked as `call` checks it.
   */
  async function openStream<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E> & { signal?: AbortSignal },
  ): Promise<Response> {
    const { path, query } = prepare(endpoint, input);
    const url = new URL(`${endpoint.api === 'auth' ? options.authApiUrl : options.baseApiUrl}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const token = options.session ? await options.session.accessToken() : options.accessToken;
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'X-STORE-ID': options.storeId,
      'X-STORE-LOCATION': options.storeLocation,
      ...input.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.requestId) headers[REQUEST_ID_HEADER] = options.requestId;
    try {
      return await doFetch(url, { headers, signal: input.signal ?? null });
    } catch (error) {
      throw new ApiError(503, undefined, error instanceof Error ? error.message : 'The API could not be reached');
    }
  }

  // Only endpoints: a call by path string would skip the contract's checks of what is sent.
  return { call, openStream };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The client's settings for one shopper's request: the server's config, and as X-STORE-ID the
 * market the shopper chose in the footer (its cookie), else the configured STORE_ID.
 */
export function apiClientOptionsFor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  session?: ApiSession,
): ApiClientOptions {
  const config = context.get(configContext);
  return {
    baseApiUrl: config.baseApiUrl,
    authApiUrl: config.authApiUrl,
    timeoutMs: config.apiTimeoutMs,
    storeId: storeIdFor(request, config.storeId),
    // Where the shopper is (the place picker, else the market's main city): its market too.
    storeLocation: context.get(placeContext).place?.id ?? '',
    language: localeOfPath(new URL(request.url).pathname).code,
    session,
    clientAddress: context.get(clientAddressContext) || undefined,
    storefrontSecret: config.storefrontSecret,
    userAgent: request.headers.get('User-Agent') ?? undefined,
    requestId: context.get(requestIdContext) || undefined,
    onUnavailable: (retryAfterSeconds) => context.get(apiUnavailableContext)?.note(retryAfterSeconds),
  };
}

/**
 * The client a loader or action uses, on behalf of the shopper whose request it serves: with
 * their session (`sessionOf(context)`) for calls that need them signed in.
 */
export function apiClientFor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  session?: ApiSession,
): ApiClient {
  return createApiClient(apiClientOptionsFor(context, request, session));
}
