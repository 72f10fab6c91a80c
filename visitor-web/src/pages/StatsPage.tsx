import { useSession } from '../lib/session';
import { PageHeader } from '../components/PageHeader';
import { StatsView } from '../features/stats/components/StatsView';

export default function StatsPage() {
  const { user } = useSession();
  return (
    <div className="page">
      <PageHeader title="My Stats">How the community rates what you have shared.</PageHeader>
      <StatsView userId={user?.id} />
    </div>
  );
}
