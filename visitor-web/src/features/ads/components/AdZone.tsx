import { useEffect, useRef, useState } from 'react';
import { useAdConfig } from '../api/ad-config';

/**
 * The ad's HTML runs in a sandboxed iframe (scripts yes, same-origin no), so it can never read
 * the visitor's cookie, storage or page. The frame loads /api/ad-frame/{zone}, which carries its
 * own CSP (a srcdoc frame would inherit this page's and block the ad's scripts) and a tiny
 * script that reports the ad's height for sizing.
 */
const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

export function AdZone({ zoneId }: { zoneId: string }) {
  const { data } = useAdConfig(zoneId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(100);
  const code = data && data.isActive !== false ? data.adCode?.trim() : '';
  // the version in the URL reloads the frame when an operator changes the ad
  const doc = code ? `/api/ad-frame/${encodeURIComponent(zoneId)}?v=${encodeURIComponent(data?.updatedAt ?? '')}` : '';

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
        src={doc}
        style={{ height }}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
