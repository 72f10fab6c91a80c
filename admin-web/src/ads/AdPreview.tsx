import { Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

// as the visitor's ad zone: scripts and popups, and a popup stays sandboxed (never
// allow-popups-to-escape-sandbox: an ad's window would run on the portal's origin)
const SANDBOX = 'allow-scripts allow-popups';

/**
 * The draft ad code rendered the way visitors get it: in a sandboxed frame (scripts, no
 * same-origin), on the visitor app's dark background. The frame is a static page with the ad
 * frame's own CSP (the portal's CSP would block the ad's scripts in a srcdoc); the code is posted
 * to it once it is ready, and each change reloads it after a short pause in typing.
 */
export function AdPreview({ code, zoneName }: { code: string; zoneName: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [debounced, setDebounced] = useState(code);
  const [height, setHeight] = useState(120);

  useEffect(() => {
    const t = setTimeout(() => setDebounced(code), 600);
    return () => clearTimeout(t);
  }, [code]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== frame.current?.contentWindow) return;
      const msg = e.data as { hmvAdPreview?: string; height?: number };
      if (msg?.hmvAdPreview === 'ready') {
        frame.current?.contentWindow?.postMessage({ hmvAdPreviewCode: debounced }, '*');
      } else if (msg?.hmvAdPreview === 'height' && typeof msg.height === 'number' && msg.height > 0) {
        setHeight(Math.min(600, Math.max(60, msg.height)));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [debounced]);

  const empty = !debounced.trim();
  return (
    <Box sx={{ bgcolor: '#0e0c14', color: '#f5f2fb', borderRadius: 2, p: 2 }}>
      <Typography
        variant="caption"
        component="p"
        sx={{ textAlign: 'center', letterSpacing: '0.14em', textTransform: 'uppercase', color: '#8a8398', mb: 0.75 }}
      >
        Sponsored
      </Typography>
      {empty ? (
        <Typography variant="body2" sx={{ textAlign: 'center', color: '#b7b0c5', py: 3 }}>
          No ad code: the zone shows nothing to visitors.
        </Typography>
      ) : (
        <iframe
          key={debounced}
          ref={frame}
          title={`Ad preview: ${zoneName}`}
          src={`${import.meta.env.BASE_URL}ad-preview.html`}
          sandbox={SANDBOX}
          referrerPolicy="no-referrer"
          style={{ display: 'block', width: '100%', height, border: 0, borderRadius: 12, background: 'transparent' }}
        />
      )}
    </Box>
  );
}
