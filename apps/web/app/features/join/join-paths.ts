import { SERVICE_IDS, type ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS } from '@malewa/contracts/join/join-rules';
import { unlocalizePath } from '#app/platform/i18n/locales.ts';

/** A service's join page, unprefixed: `localizePath` adds the locale. */
export function joinPath(service: ServiceId): string {
  return `/${service}/join`;
}

const JOIN_PATHS = new Set(SERVICE_IDS.map(joinPath));

/**
 * Whether a request's path is a join page, in any language, or its data request
 * (`/ar/farm/join.data`): the only pages whose form carries files.
 */
export function isJoinPath(pathname: string): boolean {
  return JOIN_PATHS.has(unlocalizePath(pathname.replace(/\.data$/, '')).replace(/\/$/, ''));
}

/**
 * The largest application the storefront reads: every document at its largest, and 64 KB for
 * the fields and the form's own framing. The API checks each document again as it streams.
 */
export const JOIN_UPLOAD_LIMIT_BYTES = MAX_DOCUMENTS * MAX_DOCUMENT_BYTES + 64 * 1024;
