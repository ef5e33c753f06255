import { unlocalizePath } from '#app/platform/i18n/locales.ts';

const REPORT_FORM = /^\/account\/orders\/[0-9a-f-]{36}\/problem$/;

/** Whether a request's path is an order's problem report, in any language, or its data request: it takes a photo. */
export function isProblemFormPath(pathname: string): boolean {
  return REPORT_FORM.test(unlocalizePath(pathname.replace(/\.data$/, '')).replace(/\/$/, ''));
}
