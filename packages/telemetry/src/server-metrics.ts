import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What every app server records alike; each app adds its own series to `registers`. */
export interface ServerMetrics<StreamKind extends string> {
  /** The registry `/metrics` prints (the metrics listener's, a test's). */
  readonly registry: Registry;
  /** `[registry]`, for the app's own series' `registers`. */
  readonly registers: Registry[];
  /** One answered request: its route (a pattern or a fixed kind, never the raw path), method, status and time. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A live stream opened; the function returned closes it (once, however often it is called). */
  streamOpened(kind: StreamKind): () => void;
}

/** A series' name and help, the app's own. */
interface Named {
  name: string;
  help: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** 200 → 2xx: a label with five values, where the status itself could have dozens. */
function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/**
 * An app's Prometheus registry of its own (so tests never share counts) with the series both
 * apps keep the same way under their own names: request times by `route`, `method` and
 * `status_class` (a method outside HTTP's usual seven is `other`, so callers cannot grow the
 * labels), and the live streams open now by `stream`, each kind printed from the start.
 * Node's own series (`processMetrics`) go in once per process, never per test.
 */
export function createServerMetrics<StreamKind extends string>(options: {
  processMetrics: boolean;
  requests: Named;
  streams: Named & { kinds: readonly StreamKind[] };
}): ServerMetrics<StreamKind> {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    ...options.requests,
    labelNames: ['route', 'method', 'status_class'] as const,
    registers,
  });
  const { kinds, ...streamSeries } = options.streams;
  const streams = new Gauge({ ...streamSeries, labelNames: ['stream'] as const, registers });
  for (const stream of kinds) streams.set({ stream }, 0);

  return {
    registry,
    registers,
    request(route, method, status, seconds) {
      requests.observe(
        { route, method: METHODS.has(method) ? method : 'other', status_class: statusClass(status) },
        seconds,
      );
    },
    streamOpened(stream) {
      streams.inc({ stream });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        streams.dec({ stream });
      };
    },
  };
}
