import http from 'node:http';

export interface StreamedEvent {
  id: string;
  event: string;
  data: string;
}

/**
 * A server-sent-events client for tests, as a browser's EventSource reads a stream: it keeps
 * every event with its id, and waits for the one a test expects.
 */
export function openEventStream(port: number, path: string, headers: Record<string, string>) {
  const events: StreamedEvent[] = [];
  const waiters: (() => void)[] = [];
  let status = 0;
  let contentType = '';
  let request: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      status = response.statusCode ?? 0;
      contentType = String(response.headers['content-type'] ?? '');
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line !== '' && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.data !== undefined) {
            events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: fields.data });
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve();
    });
    request.on('error', reject);
  });
  return {
    events,
    opened,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    /** Resolves once `count` events have come, or fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 8000): Promise<StreamedEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${events.length} of ${count} events came: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.slice(0, count);
    },
    close() {
      request?.destroy();
    },
  };
}
