/**
 * A magic-link token is a password for one sign-in: wherever `token=` appears in a log line (a
 * request URL, a mail's link, an error quoting either) its value is replaced. Applied to every
 * line the root logger writes, in every mode; the characters are a token's (base64url), so the
 * rest of a line (a JSON quote, the next field) stays.
 */
export const redactTokens = (line: string): string => line.replace(/token=[A-Za-z0-9_-]+/g, 'token=[Redacted]');
