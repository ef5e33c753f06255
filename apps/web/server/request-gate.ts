import type { NextFunction, Request, Response } from 'express';

/** What the storefront serves: pages (GET, HEAD) and form posts. */
const METHODS = new Set(['GET', 'HEAD', 'POST']);
/**
 * Every form of the storefront is urlencoded (no uploads yet): anything else (JSON, text, a
 * multipart body, no type at all) is not one of our forms, and reading it as one would fail.
 */
const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface Refusal {
  status: 405 | 411 | 413 | 415;
  headers: Record<string, string>;
}

/**
 * Why a request is refused before anything reads it, or undefined when it may go on: an
 * unsupported method, a post that is not a form, a body without a declared length, or one over
 * the limit. Decided from the request line and headers alone, so a 100 MB body is never read.
 */
export function refusalOf(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  bodyLimitBytes: number,
): Refusal | undefined {
  if (!METHODS.has(method)) return { status: 405, headers: { Allow: [...METHODS].join(', ') } };
  if (method !== 'POST') return undefined;
  const type = String(headers['content-type'] ?? '')
    .split(';', 1)[0]
    ?.trim()
    .toLowerCase();
  if (type !== FORM_TYPE) return { status: 415, headers: { 'Accept-Post': FORM_TYPE } };
  const declared = headers['content-length'];
  if (typeof declared !== 'string' || !/^\d{1,15}$/.test(declared)) return { status: 411, headers: {} };
  if (Number(declared) > bodyLimitBytes) return { status: 413, headers: {} };
  return undefined;
}

/**
 * Refuses what {@link refusalOf} refuses with the storefront's own error page, through
 * `render`. The unread body is never drained: the connection closes after the answer.
 */
export function requestGate(
  bodyLimitBytes: number,
  render: (req: Request, res: Response, status: number) => Promise<void>,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = refusalOf(req.method, req.headers, bodyLimitBytes);
    if (!refusal) return next();
    for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') res.setHeader('Connection', 'close');
    render(req, res, refusal.status).catch(next);
  };
}
