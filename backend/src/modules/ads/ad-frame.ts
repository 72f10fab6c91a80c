/** The ad zone's document; its policy is `AD_FRAME_CSP` (platform/http/security-headers.ts). */
export function adFrameDocument(adCode: string, zoneId: string): string {
  // reports the content height to the parent so the slot fits the ad
  const reporter = `<script>(function(){function r(){parent.postMessage({hmvAd:${JSON.stringify(zoneId)},height:Math.ceil(document.body.getBoundingClientRect().height)},'*')}addEventListener('load',r);if(window.ResizeObserver)new ResizeObserver(r).observe(document.body);setTimeout(r,500);})();</script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><base target="_blank"><meta name="color-scheme" content="dark"><style>:root{color-scheme:dark}html,body{margin:0;padding:0;background:transparent;color:#f5f2fb;font-family:system-ui,sans-serif;overflow:hidden}body{text-align:center}</style></head><body>${adCode}${reporter}</body></html>`;
}
