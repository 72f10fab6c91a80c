/** Spec §5: a redirect URL, when given, must parse as an absolute http(s) URL. */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}
