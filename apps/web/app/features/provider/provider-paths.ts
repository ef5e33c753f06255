import { unlocalizePath } from '#app/platform/i18n/locales.ts';

const LISTING_FORM = /^\/provider\/listings\/(new|[0-9a-f-]{36})$/;

/** Whether a request's path is a listing's form, in any language, or its data request: it takes a photo. */
export function isListingFormPath(pathname: string): boolean {
  return LISTING_FORM.test(unlocalizePath(pathname.replace(/\.data$/, '')).replace(/\/$/, ''));
}
