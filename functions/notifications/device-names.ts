/** Browsers by what their User-Agent says, most specific first (Edge, Opera and Samsung Internet also say Chrome). */
const browsers: readonly [RegExp, string][] = [
  [/\bFBAN\/|\bFBAV\//, 'Facebook'],
  [/\bInstagram\b/, 'Instagram'],
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** A device as its owner recognises it: the browser and the system; '' where the User-Agent does not say. */
export interface DeviceKind {
  browser: string;
  system: string;
}

/**
 * What a shopper recognises a device by in their list of devices getting notifications: the
 * browser and the system its User-Agent names (Chrome, Android). Never the User-Agent itself.
 */
export function deviceKindOf(userAgent: string | undefined): DeviceKind {
  const named = (list: readonly [RegExp, string][]) => list.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1] ?? '';
  return { browser: named(browsers), system: named(systems) };
}
