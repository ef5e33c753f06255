import type { z } from 'zod';
import type { Role } from './auth/roles.ts';

/**
 * One API operation as a value: where it lives, who may call it, what it takes and what it
 * answers. The API registers its route from it (apps/api/src/plugins/endpoint-route.ts), the
 * OpenAPI document follows from that, and the storefront calls it with `api.call(endpoint, …)`
 * (apps/web/app/platform/api-client): no path string is written twice.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The refusals an operation may answer, each with the error body `{ errors }`. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * Who may call: anyone; anyone, with a Bearer token counted when sent (a guest's cart, a
 * shopper's); any signed-in account; or holders of one of these roles.
 */
export type Access = 'anyone' | 'anyone-or-signed-in' | 'signed-in' | readonly [Role, ...Role[]];

export interface Endpoint {
  readonly api: 'base' | 'auth';
  readonly method: HttpMethod;
  /** Relative to the API's base URL, with `:name` for each path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A body sent as a multipart form (files) instead of JSON: the handler reads it as it
   * streams, and `body` only documents the form.
   */
  readonly bodyType?: 'multipart/form-data';
  /** The success answers by status; most operations have one. */
  readonly success: Partial<Record<SuccessStatus, z.ZodType>>;
  readonly refusals: readonly RefusalStatus[];
  /** The refusals a client acts on: a schema of `{ code, … }` objects (usually a discriminated union). */
  readonly problems?: z.ZodType;
  /**
   * Sending it twice does what sending it once does (it names the state it moves to, and one
   * already there is answered as it is): a client may send it again when the API was not
   * reached or a gateway answered 502–504, as the storefront does, without an Idempotency-Key.
   */
  readonly repeatable?: boolean;
}

/** Declares an endpoint, keeping every literal (path, method, schemas) in its type. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, checked and with defaults applied. */
export interface EndpointRequest<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  headers: Output<E['headers']>;
  body: E['bodyType'] extends 'multipart/form-data' ? undefined : Output<E['body']>;
}

/** What a caller sends: only the parts the endpoint takes. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: undefined }) &
  (E['bodyType'] extends 'multipart/form-data'
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: Input<E['body']> }
      : { body?: undefined }) & {
    /** Headers beyond those every call carries (the market, the place, the token). */
    headers?: Record<string, string>;
  };

/** A success answer of the endpoint, with its status. */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof E['success'] & SuccessStatus]: { status: S; body: Output<E['success'][S]> };
}[keyof E['success'] & SuccessStatus];

/** The success body, when the endpoint has one success status (most do). */
export type EndpointOutput<E extends Endpoint> = EndpointAnswer<E>['body'];

/** One of the endpoint's problems, as the client receives it in a refusal's `problem`. */
export type EndpointProblem<E extends Endpoint> = Output<E['problems']>;

/** The path with its parameters filled in, each encoded. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, unknown> | undefined): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}
