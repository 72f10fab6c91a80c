/**
 * "Browser on System" from a user agent, for the Profile's list of signed-in devices: coarse on
 * purpose (no versions), enough to tell a phone from a laptop, not to fingerprint anyone.
 */
export function summarizeUserAgent(ua: string | undefined | null): string | null {
  if (!ua) return null;
  return `${browserOf(ua)} on ${systemOf(ua)}`;
}

function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'Safari';
  return 'Unknown browser';
}

function systemOf(ua: string): string {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Unknown system';
}

/** The two halves again, for the list's "browser" and "system" columns. */
export function splitSummary(summary: string | null): { browser: string; system: string } {
  if (!summary) return { browser: 'Unknown browser', system: 'Unknown system' };
  const at = summary.lastIndexOf(' on ');
  return at < 0
    ? { browser: summary, system: 'Unknown system' }
    : { browser: summary.slice(0, at), system: summary.slice(at + 4) };
}
