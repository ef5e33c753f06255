import type { NextFunction, Request, Response } from 'express';

/** What the storefront serves: pages (GET, HEAD) and form posts. */
const METHODS = new Set(['GET', 'HEAD', 'POST']);
/**
 * Every form of the storefront is urlencoded but the few that carry files: anything else
 * (JSON, text, a multipart body where no files are taken, no type at all) is not one of our
 * forms, and reading it as one would fail.
 */
const FORM_TYPE = 'application/x-www-form-urlencoded';
const UPLOAD_TYPE = 'multipart/form-data';

/** How large a post may be: a form's, and an upload's on the addresses that take files. */
export interface BodyLimits {
  formBytes: number;
  uploadBytes: number;
  /** Whether a path takes files (a multipart form) as well as plain forms. */
  takesUploads(path: string): boolean;
}

export interface Refusal {
  status: 405 | 411 | 413 | 415;
  headers: Record<string, string>;
}

/**
 * Why a request is refused before anything reads it, or undefined when it may go on: an
 * unsupported method, a post that is not one of the forms its address takes, a body without a
 * declared length, or one over the limit. Decided from the request line and headers alone, so
 * a 100 MB body is never read.
 */
export function refusalOf(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  limits: BodyLimits,
): Refusal | undefined {
  if (!METHODS.has(method)) return { status: 405, headers: { Allow: [...METHODS].join(', ') } };
  if (method !== 'POST') return undefined;
  const type = String(headers['content-type'] ?? '')
    .split(';', 1)[0]
    ?.trim()
    .toLowerCase();
  const uploads = limits.takesUploads(path);
  const limit = type === UPLOAD_TYPE && uploads ? limits.uploadBytes : type === FORM_TYPE ? limits.formBytes : 0;
  if (limit === 0) {
    return { status: 415, headers: { 'Accept-Post': uploads ? `${FORM_TYPE}, ${UPLOAD_TYPE}` : FORM_TYPE } };
  }
  const declared = headers['content-length'];
  if (typeof declared !== 'string' || !/^\d{1,15}$/.test(declared)) return { status: 411, headers: {} };
  if (Number(declared) > limit) return { status: 413, headers: {} };
  return undefined;
}

/**
 * Refuses what {@link refusalOf} refuses with the storefront's own error page, through
 * `render`. The unread body is never drained: the connection closes after the answer.
 */
export function requestGate(
  limits: BodyLimits,
  render: (req: Request, res: Response, status: number) => Promise<void>,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = refusalOf(req.method, req.path, req.headers, limits);
    if (!refusal) return next();
    for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') res.setHeader('Connection', 'close');
    render(req, res, refusal.status).catch(next);
  };
}
