import { useEffect, useMemo, useRef, useState } from 'react';
import { useAdConfig } from '../api/ad-config';

/**
 * The ad's HTML runs in a sandboxed iframe (scripts yes, same-origin no), so it can never read
 * the visitor's cookie, storage or page. A tiny script inside reports its height for sizing.
 */
const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

function srcDoc(adCode: string, zoneId: string): string {
  const reporter = `<script>(function(){function r(){parent.postMessage({hmvAd:${JSON.stringify(zoneId)},height:Math.ceil(document.body.getBoundingClientRect().height)},'*')}addEventListener('load',r);new ResizeObserver(r).observe(document.body);setTimeout(r,500);})();</script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><base target="_blank"><meta name="color-scheme" content="dark"><style>:root{color-scheme:dark}html,body{margin:0;padding:0;background:transparent;color:#f5f2fb;font-family:system-ui,sans-serif;overflow:hidden}body{text-align:center}</style></head><body>${adCode}${reporter}</body></html>`;
}

export function AdZone({ zoneId }: { zoneId: string }) {
  const { data } = useAdConfig(zoneId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(100);
  const code = data && data.isActive !== false ? data.adCode?.trim() : '';
  const doc = useMemo(() => (code ? srcDoc(code, zoneId) : ''), [code, zoneId]);

  useEffect(() => {
    if (!doc) return;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow) return;
      const msg = e.data as { hmvAd?: unknown; height?: unknown };
      if (msg?.hmvAd === zoneId && typeof msg.height === 'number' && msg.height > 0)
        setHeight(Math.min(600, Math.ceil(msg.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [doc, zoneId]);

  if (!doc) return null;
  return (
    <div className="ad-zone" data-zone={zoneId}>
      <span className="ad-zone__label">Sponsored</span>
      <iframe
        ref={frame}
        className="ad-zone__frame"
        title={data?.zoneName ? `Advertisement: ${data.zoneName}` : 'Advertisement'}
        sandbox={SANDBOX}
        srcDoc={doc}
        style={{ height }}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
