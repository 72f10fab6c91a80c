import { useSession } from '../lib/session';
import { PageHeader } from '../components/PageHeader';
import { UploadView } from '../features/upload/components/UploadView';
import { BannedNotice } from '../features/account/components/BannedNotice';

export default function UploadPage() {
  const { user } = useSession();
  return (
    <div className="page">
      <PageHeader title="Upload Media">Share photos and videos for the community to rate.</PageHeader>
      <BannedNotice />
      <UploadView userId={user?.id} />
    </div>
  );
}
