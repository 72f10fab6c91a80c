import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShareIcon } from './icons';
import { toast } from './toast-store';
import { errorMessage } from '../lib/api-client';
import { createShare, SHARES_QUERY_KEY } from '../lib/share-api';

/**
 * Shares one of the visitor's own items: its link (/r/{shareId}) through the phone's share sheet
 * (Web Share API), or copied to the clipboard where there is none.
 */
export function ShareButton({
  mediaId,
  name,
  className = 'btn btn--secondary btn--sm',
}: {
  mediaId: number;
  name: string;
  className?: string;
}) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const link = await createShare(mediaId);
      void qc.invalidateQueries({ queryKey: SHARES_QUERY_KEY });
      const data = { title: "How's my Vibe?", text: 'Is it Hot or Not? Rate my upload:', url: link.url };
      if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
        try {
          await navigator.share(data);
          return;
        } catch (err) {
          // the visitor closed the sheet: nothing to say; any other failure falls back to copying
          if (err instanceof DOMException && err.name === 'AbortError') return;
        }
      }
      await navigator.clipboard.writeText(link.url);
      toast({ title: 'Link copied', description: 'Send it to your friends so they can rate it.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Share Failed', description: errorMessage(err, 'Could not make a link'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void share()}
      disabled={busy}
      aria-label={`Share ${name}`}
    >
      <ShareIcon size={16} /> Share
    </button>
  );
}
