import { useParams } from 'react-router-dom';
import { useSession } from '../lib/session';
import { useSiteName } from '../lib/site-config';
import { PageHeader } from '../components/PageHeader';
import { RatingView } from '../features/rating/components/RatingView';
import { AdZone } from '../features/ads/components/AdZone';
import { BannedNotice } from '../features/account/components/BannedNotice';

const PROMPT = "How's my Vibe?";

export default function RatePage() {
  const { user } = useSession();
  const { shareId } = useParams();
  // a phone's header already shows the site name: when it is the prompt, the page says it once
  // (the heading stays for screen readers)
  const once = useSiteName() === PROMPT;
  return (
    <div className={`page page--rate${once ? ' page--rate-named' : ''}`}>
      <PageHeader eyebrow="Rate Photos" title={PROMPT} />
      <BannedNotice />
      <RatingView userId={user?.id} shareId={shareId} adSlot={<AdZone zoneId="zone1" />} />
    </div>
  );
}
