import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, MAX_TOASTS, TOAST_LIFETIME_MS } from './toast-store.ts';

describe('the toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ids = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((toast) => toast.id);

  it('defaults to a success toast that leaves after 2000 ms', () => {
    const store = createToastStore();
    const id = store.push({ message: 'Saved' });
    expect(store.getSnapshot()).toEqual([
      { id, type: 'success', title: '', message: 'Saved', permanent: false, lifetimeMs: TOAST_LIFETIME_MS },
    ]);
    vi.advanceTimersByTime(1999);
    expect(ids(store)).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });

  it('keeps a permanent toast until it is removed', () => {
    const store = createToastStore();
    const id = store.push({ type: 'warning', message: 'Offline', permanent: true });
    vi.advanceTimersByTime(60_000);
    expect(ids(store)).toEqual([id]);
    store.remove(id);
    expect(ids(store)).toEqual([]);
  });

  it('honours a lifetime of its own (the error page: 3000 ms)', () => {
    const store = createToastStore();
    store.push({ type: 'error', message: 'Not found', lifetimeMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('removes a toast at once when asked (a click), and its timer then does nothing', () => {
    const store = createToastStore();
    const first = store.push({ message: 'one' });
    const second = store.push({ message: 'two' });
    store.remove(first);
    expect(ids(store)).toEqual([second]);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(ids(store)).toEqual([]);
  });

  it('shows an id once, even when it is delivered again after leaving', () => {
    const store = createToastStore();
    store.push({ id: 'srv-1', message: 'Sent' });
    store.push({ id: 'srv-1', message: 'Sent' });
    expect(ids(store)).toEqual(['srv-1']);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    store.push({ id: 'srv-1', message: 'Sent' });
    expect(ids(store)).toEqual([]);
    expect(store.hasSeen('srv-1')).toBe(true);
  });

  it('pauses while held and resumes with the time that was left', () => {
    const store = createToastStore();
    const id = store.push({ message: 'Saved' });
    vi.advanceTimersByTime(1500);
    store.hold(id);
    vi.advanceTimersByTime(10_000);
    expect(ids(store)).toEqual([id]);
    store.release(id);
    vi.advanceTimersByTime(499);
    expect(ids(store)).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });

  it('keeps at most a few toasts, dropping the oldest', () => {
    const store = createToastStore();
    const pushed = Array.from({ length: MAX_TOASTS + 2 }, (_, i) => store.push({ message: `n${i}`, permanent: true }));
    expect(ids(store)).toEqual(pushed.slice(2));
  });

  it('tells subscribers of every change, and stops when they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.push({ message: 'a' });
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.push({ message: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
