/**
 * The one way the API reads the time: every operation takes an optional `now` in its deps
 * (tests move it) and reads it through `clock`, never `new Date()` on its own.
 */
export type Clock = () => Date;

export interface ClockDeps {
  now?: Clock | undefined;
}

export function clock(deps: ClockDeps): Date {
  return deps.now?.() ?? new Date();
}
