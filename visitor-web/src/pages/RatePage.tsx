import { useParams } from 'react-router-dom';
import { useSession } from '../lib/session';
import { PageHeader } from '../components/PageHeader';
import { RatingView } from '../features/rating/components/RatingView';
import { AdZone } from '../features/ads/components/AdZone';
import { BannedNotice } from '../features/account/components/BannedNotice';

export default function RatePage() {
  const { user } = useSession();
  const { shareId } = useParams();
  return (
    <div className="page page--rate">
      <PageHeader eyebrow="Rate Photos" title="How's my Vibe?" />
      <BannedNotice />
      <RatingView userId={user?.id} shareId={shareId} adSlot={<AdZone zoneId="zone1" />} />
    </div>
  );
}
