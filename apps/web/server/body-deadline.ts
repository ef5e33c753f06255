import type { NextFunction, Request, Response } from 'express';

/** How long a refused connection may still send after its 408 before it is cut. */
const LINGER_MS = 2000;

/**
 * The server waits `uploadTimeoutMs` for a whole request (`serverOptions`): a provider's
 * documents over a 2G line take minutes. Every other body must still arrive within
 * `requestTimeoutMs`: this answers a slower one 408 and closes its connection, so a body
 * trickled one byte at a time holds a connection no longer than before. Headers have their own,
 * short limit for every request (`headersTimeout`).
 */
export function bodyDeadline(requestTimeoutMs: number, takesUploads: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.complete || takesUploads(req.path)) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      res.writeHead(408, { Connection: 'close', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The request took too long to arrive.\n');
      // Closed at once, a socket with the trickled bytes still unread answers the client with a
      // reset, which can reach it before the 408 is read: the client then sees only a broken
      // connection. So: the rest is read and dropped, the connection half-closed once the 408 is
      // out, and cut after a short grace whatever the client still sends.
      req.resume();
      res.once('finish', () => {
        req.socket.end();
        setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
      });
    }, requestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    res.once('close', clear);
    next();
  };
}
