import type { Session } from '@malewa/contracts/auth/user';
import { type SessionTokens, tokensOfSession } from './session-cookies.server.ts';

/** What renewing a session with its refresh token gave: a new session, or a refusal (401). */
export type Renewal = { ok: true; session: Session } | { ok: false };

/** Renew a little before the access token expires, so it does not run out on its way to the API. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * One request's view of the shopper's session. Loaders of one navigation run side by side and
 * the API rotates refresh tokens without a grace period, so renewal is single-flight: the first
 * caller that needs it renews, the others wait for that result. A refusal ends the session (a
 * 401 while signed in signs the shopper out: docs/product/accounts.md, automatic logout); an
 * unreachable API does not.
 */
export class RequestSession {
  #tokens: SessionTokens | undefined;
  #changed = false;
  #renewing: Promise<string | undefined> | undefined;
  readonly #renew: (refreshToken: string) => Promise<Renewal>;
  readonly #now: () => number;
  /** Whether the request arrived with a session: its response must not be stored by any cache. */
  readonly arrivedSignedIn: boolean;

  constructor(tokens: SessionTokens | undefined, renew: (refreshToken: string) => Promise<Renewal>, now = Date.now) {
    this.#tokens = tokens;
    this.#renew = renew;
    this.#now = now;
    this.arrivedSignedIn = tokens !== undefined;
  }

  get signedIn(): boolean {
    return this.#tokens !== undefined;
  }

  /** Whether the cookies must be rewritten (signed in, renewed or signed out during this request). */
  get changed(): boolean {
    return this.#changed;
  }

  get tokens(): SessionTokens | undefined {
    return this.#tokens;
  }

  /** A usable access token, renewed first when it has expired; undefined when not signed in. */
  async accessToken(): Promise<string | undefined> {
    const tokens = this.#tokens;
    if (!tokens) return undefined;
    if (tokens.accessExpiresAt - EXPIRY_MARGIN_MS > this.#now()) return tokens.accessToken;
    return this.renewAfter(tokens.accessToken);
  }

  /**
   * The API refused `rejected` (401): renew once and give the new access token, or undefined
   * when the session is over. A token that another loader already replaced is not renewed twice.
   */
  async renewAfter(rejected: string): Promise<string | undefined> {
    const tokens = this.#tokens;
    if (!tokens) return undefined;
    if (tokens.accessToken !== rejected && tokens.accessExpiresAt - EXPIRY_MARGIN_MS > this.#now()) {
      return tokens.accessToken;
    }
    this.#renewing ??= this.#renew(tokens.refreshToken)
      .then((renewal) => {
        if (!renewal.ok) {
          this.end();
          return undefined;
        }
        this.begin(renewal.session);
        return renewal.session.accessToken;
      })
      .finally(() => {
        this.#renewing = undefined;
      });
    return this.#renewing;
  }

  /** Signed in (authenticate, social sign-in): these tokens go into the cookies. */
  begin(session: Session): void {
    this.#tokens = tokensOfSession(session);
    this.#changed = true;
  }

  /** Signed out: the cookies are removed. */
  end(): void {
    this.#tokens = undefined;
    this.#changed = true;
  }
}
