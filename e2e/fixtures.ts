import { type BrowserContext, test as base, expect as baseExpect, type ConsoleMessage } from '@playwright/test';

/**
 * What the browser reported that a shopper's page should never cause: an error in the console,
 * a warning about hydration (the server's HTML and the first client render disagreeing), an
 * uncaught exception. Every spec imports `test` from here, so every page of every test (the
 * `page` fixture's and any context a test opens itself) is watched, and a test that caused one
 * fails when it ends.
 */
export interface BrowserProblem {
  readonly kind: 'console' | 'pageerror';
  readonly text: string;
  /** The page, or for a resource that failed to load, the resource. */
  readonly url: string;
}

/**
 * The problems a test provokes on purpose (it goes offline, opens a 404, fails a request), each
 * named as narrowly as it can be: an allowance matches only the text and the address given.
 */
export interface BrowserProblems {
  /**
   * The browser's own "Failed to load resource" for an address answered with `status` (404,
   * 503) or failed with a network error (`'net::ERR_INTERNET_DISCONNECTED'`). `url` is a path
   * (with its query) matched exactly, or a pattern for the whole address.
   */
  allowFailedLoad(url: string | RegExp, status: number | `net::${string}`): void;
  /** A console error (logged by the page's script) whose text matches `text`. */
  allowConsoleError(text: RegExp): void;
  /** An uncaught exception whose message matches `message`. */
  allowPageError(message: RegExp): void;
  /** What was seen so far and not allowed. */
  readonly unexpected: readonly BrowserProblem[];
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

type Allowance = (problem: BrowserProblem) => boolean;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** React's hydration failures: 418 (text), 423, 425 (text) in production; the words in development. */
const HYDRATION = /hydrat|Minified React error #4(18|19|21|23|25)\b/i;

/**
 * A form sent with mistakes answers with its errors as data and a 4xx (a wrong password is a
 * 401, a bad field a 400): the browser logs the data request as failed, though nothing went
 * wrong. Sent before the page's scripts started (they wait for the page to load, decision 40)
 * or without them, it answers the same as a page: the POST of a document with a 4xx. Only
 * those are let through; a 5xx or a failed page or asset still counts.
 */
const FORM_OUTCOME = /^Failed to load resource: the server responded with a status of 4\d\d\b/;
const isDataRequest = (url: string) => URL.canParse(url) && new URL(url).pathname.endsWith('.data');

function problemOf(message: ConsoleMessage): BrowserProblem | undefined {
  const text = message.text();
  const type = message.type();
  const url = message.location().url || (message.page()?.url() ?? '');
  if (FORM_OUTCOME.test(text) && isDataRequest(url)) return undefined;
  if (type === 'error' || (type === 'warning' && HYDRATION.test(text))) return { kind: 'console', text, url };
  return undefined;
}

export const test = base.extend<{ browserProblems: BrowserProblems }>({
  browserProblems: [
    async ({ browser }, use) => {
      /** Forms sent as documents (no scripts running) and answered with their errors, a 4xx. */
      const formPages = new Set<string>();
      const allowances: Allowance[] = [
        (problem) => problem.kind === 'console' && FORM_OUTCOME.test(problem.text) && formPages.has(problem.url),
      ];
      const seen: BrowserProblem[] = [];
      const unexpected = () => seen.filter((problem) => !allowances.some((allows) => allows(problem)));
      const onConsole = (message: ConsoleMessage) => {
        const problem = problemOf(message);
        if (problem) seen.push(problem);
      };
      const watch = (context: BrowserContext) => {
        context.on('console', onConsole);
        context.on('response', (response) => {
          const request = response.request();
          const status = response.status();
          if (request.method() === 'POST' && request.resourceType() === 'document' && status >= 400 && status < 500) {
            formPages.add(response.url());
          }
        });
        context.on('weberror', (error) => {
          const page = error.page();
          seen.push({ kind: 'pageerror', text: String(error.error()), url: page?.url() ?? '' });
        });
      };
      // Every context the test opens, its `page` fixture's included (created after this runs).
      browser.on('context', watch);
      await use({
        allowFailedLoad(url, status) {
          const text = new RegExp(
            `^Failed to load resource: ${typeof status === 'number' ? `the server responded with a status of ${status}\\b` : escapeRegExp(status)}`,
          );
          const matches =
            typeof url === 'string'
              ? (address: string) => URL.canParse(address) && pathOf(new URL(address)) === url
              : (address: string) => url.test(address);
          allowances.push((problem) => problem.kind === 'console' && text.test(problem.text) && matches(problem.url));
        },
        allowConsoleError(text) {
          allowances.push(
            (problem) =>
              problem.kind === 'console' &&
              text.test(problem.text) &&
              !problem.text.startsWith('Failed to load resource'),
          );
        },
        allowPageError(message) {
          allowances.push((problem) => problem.kind === 'pageerror' && message.test(problem.text));
        },
        get unexpected() {
          return unexpected();
        },
      });
      browser.off('context', watch);
      const problems = unexpected();
      if (problems.length > 0) {
        throw new Error(
          `The browser reported ${problems.length} problem(s) this test did not allow:\n${problems
            .map((problem) => `  [${problem.kind}] ${problem.text} (${problem.url})`)
            .join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

/** Playwright's `expect`, from here too, so a spec imports both from one place. */
export const expect = baseExpect;
