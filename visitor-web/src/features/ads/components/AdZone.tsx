import { useEffect, useRef, useState } from 'react';
import { useAdConfig } from '../api/ad-config';
import './ad-zone.css';

/**
 * The ad's HTML runs in a sandboxed iframe (scripts yes, same-origin no), so it can never read
 * the visitor's cookie, storage or page; windows it opens stay sandboxed (no escape). The frame
 * loads /api/ad-frame/{zone}, whose own CSP carries the same sandbox (so the ad stays opaque even
 * opened top-level) and lets its scripts run, plus a tiny script that reports the ad's height.
 */
const SANDBOX = 'allow-scripts allow-popups';

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
