/**
 * Whether the shopper asked for light pages: `Save-Data: on` (the browser's data saver, common
 * on prepaid Android data) or a 2G connection by the ECT client hint, which Chromium sends
 * once a response has asked for it (`Accept-CH: ECT`, server/app.ts). Pictures then come in
 * their smallest width only.
 */
export function wantsLightPages(headers: Headers): boolean {
  if (headers.get('save-data')?.trim().toLowerCase() === 'on') return true;
  const ect = headers.get('ect')?.trim().toLowerCase();
  return ect === '2g' || ect === 'slow-2g';
}
