/**
 * The document an ad zone's iframe loads. The visitor page's CSP (script-src 'self') would be
 * inherited by a srcdoc frame and block every ad script, so the ad gets its own URL with its own
 * permissive policy instead. The policy's `sandbox` (scripts and popups, never same-origin or an
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

export function adFrameDocument(adCode: string, zoneId: string): string {
  // reports the content height to the parent so the slot fits the ad
  const reporter = `<script>(function(){function r(){parent.postMessage({hmvAd:${JSON.stringify(zoneId)},height:Math.ceil(document.body.getBoundingClientRect().height)},'*')}addEventListener('load',r);if(window.ResizeObserver)new ResizeObserver(r).observe(document.body);setTimeout(r,500);})();</script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><base target="_blank"><meta name="color-scheme" content="dark"><style>:root{color-scheme:dark}html,body{margin:0;padding:0;background:transparent;color:#f5f2fb;font-family:system-ui,sans-serif;overflow:hidden}body{text-align:center}</style></head><body>${adCode}${reporter}</body></html>`;
}
