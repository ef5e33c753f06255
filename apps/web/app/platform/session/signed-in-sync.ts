/**
 * Tabs of one browser share the session cookies, so signing in or out in one tab changes who
 * the others are, but their pages still show what their last loader saw (the header, the
 * account pages, the plain layout's redirect). Each tab says on this channel whether it is
 * signed in, on load and on every change; a tab that hears a different answer reloads its data.
 * The tab that reloaded then says the same as the sender, which the sender ignores: no echo
 * loop. Another browser or device is not reached: its next request finds out.
 */
export const SESSION_CHANNEL = 'malewa:session';

export interface SignedInMessage {
  readonly signedIn: boolean;
}

/** Whether a message on the channel means this tab's data is out of date. */
export function isStaleAfter(message: unknown, signedIn: boolean): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as Partial<SignedInMessage>).signedIn === 'boolean' &&
    (message as SignedInMessage).signedIn !== signedIn
  );
}
