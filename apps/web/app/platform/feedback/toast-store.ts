/**
 * Toasts (docs/product/errors.md, toasts): short messages that leave by themselves after
 * 2000 ms unless permanent; a click removes one at once. The store knows nothing of React or
 * the DOM, so its timing is tested with fake timers; the page subscribes to it through
 * `useSyncExternalStore` (toast-region.tsx).
 */
export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** What a caller hands over: only a message or a title is needed; the type defaults to success. */
export interface NotificationInput {
  type?: ToastType | undefined;
  title?: string | undefined;
  message?: string | undefined;
  permanent?: boolean | undefined;
  /** How long it stays, in ms: TOAST_LIFETIME_MS unless said (the error page says 3000). */
  lifetimeMs?: number | undefined;
  /**
   * Set by whoever may deliver the same toast twice (the server's, which arrives both
   * in the page and in a cookie; an error page rendered again): an id shows once, ever.
   */
  id?: string | undefined;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  permanent: boolean;
  lifetimeMs: number;
}

export const TOAST_LIFETIME_MS = 2000;
/** More at once would cover a phone's screen; the oldest go first. */
export const MAX_TOASTS = 4;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A countdown that can be held while the reader is pointing at or focused on the toast. */
interface Countdown {
  handle: unknown;
  startedAt: number;
  remaining: number;
}

export function toToast(input: NotificationInput, id: string): Toast {
  return {
    id,
    type: input.type ?? 'success',
    title: input.title ?? '',
    message: input.message ?? '',
    permanent: input.permanent ?? false,
    lifetimeMs: input.lifetimeMs ?? TOAST_LIFETIME_MS,
  };
}

export function createToastStore(timers: Timers = realTimers) {
  let toasts: readonly Toast[] = [];
  const listeners = new Set<() => void>();
  const seen = new Set<string>();
  const countdowns = new Map<string, Countdown>();
  let counter = 0;

  function emit() {
    for (const listener of listeners) listener();
  }

  function start(id: string, ms: number) {
    countdowns.set(id, {
      handle: timers.setTimeout(() => remove(id), ms),
      startedAt: timers.now(),
      remaining: ms,
    });
  }

  function remove(id: string) {
    const countdown = countdowns.get(id);
    if (countdown) timers.clearTimeout(countdown.handle);
    countdowns.delete(id);
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }

  /** Shows a toast; returns its id. An id already shown (or removed) is ignored. */
  function push(input: NotificationInput): string {
    const id = input.id ?? `toast-${++counter}`;
    if (seen.has(id)) return id;
    seen.add(id);
    const toast = toToast(input, id);
    const overflow = toasts.length + 1 - MAX_TOASTS;
    for (const old of overflow > 0 ? toasts.slice(0, overflow) : []) remove(old.id);
    toasts = [...toasts, toast];
    if (!toast.permanent) start(id, toast.lifetimeMs);
    emit();
    return id;
  }

  /** Stops the countdown while the reader points at or focuses the toast (WCAG 2.2.1). */
  function hold(id: string) {
    const countdown = countdowns.get(id);
    if (!countdown || countdown.handle === null) return;
    timers.clearTimeout(countdown.handle);
    countdown.remaining = Math.max(0, countdown.remaining - (timers.now() - countdown.startedAt));
    countdown.handle = null;
  }

  /** Resumes a held countdown with the time it had left. */
  function release(id: string) {
    const countdown = countdowns.get(id);
    if (!countdown || countdown.handle !== null) return;
    start(id, countdown.remaining);
  }

  return {
    push,
    remove,
    hold,
    release,
    hasSeen: (id: string) => seen.has(id),
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/**
 * The page's one store. Only the browser ever pushes (from effects and event handlers), so on
 * the server it stays empty and is safely shared between requests.
 */
export const toasts = createToastStore();
