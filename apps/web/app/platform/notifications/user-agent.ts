/**
 * A person-readable name for the browser and system of a User-Agent header, for the new
 * sign-in notice ("Chrome on Android"): enough to recognise one's own phone, not a fingerprint.
 * The order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says
 * "Safari", Android also says "Linux".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface DeviceName {
  readonly browser: string | undefined;
  readonly system: string | undefined;
}

export function describeUserAgent(userAgent: string | undefined): DeviceName {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1],
  };
}
