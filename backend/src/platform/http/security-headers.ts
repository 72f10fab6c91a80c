import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The one source of the security headers. The API sends them through helmet on every response
 * (embedded mode: the web apps too); in the services mode nginx serves the web apps and adds the
 * same headers from nginx/security-headers.{http,https}.conf, generated from this file by
 * `node scripts/nginx-security-headers.mjs`. `https` is what PUBLIC_URL says in both modes.
 */
export function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        // ads render in their own framed document (/api/ad-frame); media may come from S3 directly
        'frame-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'https:'],
        'script-src': ["'self'"],
        'connect-src': ["'self'", 'https:'],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with those options, by name, exactly as it sends them. */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => (headers[name] = String(value)),
    removeHeader: () => undefined,
  };
  let failed: unknown;
  helmet(helmetOptions(https))({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** The same headers as nginx `add_header` lines (`always`: error pages carry them too). */
export function nginxSecurityHeaders(https: boolean): string {
  return nginxHeaders(securityHeaders(https), https, 'The headers the API sends');
}

/**
 * The admin's ad preview page (/adm/ad-preview.html) as nginx must send it: the same headers with
 * the ad frame's policy in place of the portal's, as the API sends it in the embedded mode.
 */
export function nginxAdPreviewHeaders(https: boolean): string {
  const headers = { ...securityHeaders(https), 'Content-Security-Policy': AD_FRAME_CSP };
  return nginxHeaders(headers, https, 'The headers the API sends on the ad preview page');
}

function nginxHeaders(headers: Record<string, string>, https: boolean, what: string): string {
  const lines = Object.entries(headers).map(([name, value]) => {
    if (/["\\$\n]/.test(value)) throw new Error(`${name} cannot be written as an nginx string: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return [
    `# Generated from backend/src/platform/http/security-headers.ts by scripts/nginx-security-headers.mjs: do not edit.`,
    `# ${what} when PUBLIC_URL is ${https ? 'https' : 'http'}://…`,
    ...lines,
    '',
  ].join('\n');
}

/**
 * The policy of the document an ad zone's iframe loads (`/api/ad-frame/{zone}`, ads module) and of
 * the admin's ad preview page (served here with the web apps). The visitor page's CSP
 * (script-src 'self') would be inherited by a srcdoc frame and block every ad script, so the ad
 * gets its own URL with its own permissive policy instead. The policy's `sandbox` (scripts and popups, never same-origin or an
 * escape for popups) gives the document an opaque origin wherever it is opened: in the zone's
 * iframe, in a window the ad opens itself, or top-level through a plain link. It can never read
 * the visitor's cookie, storage, session or the admin token.
 */
export const AD_FRAME_CSP = [
  'sandbox allow-scripts allow-popups',
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "script-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "style-src * 'unsafe-inline'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');
