import FavoriteIcon from '@mui/icons-material/Favorite';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { StatCard, StatGrid } from '../components/StatCard';
import type { AdminDataProvider } from '../providers/data-provider';

/** The Media page's three totals (GET /api/admin/media/totals). */
export function MediaTotals() {
  const dp = useDataProvider<AdminDataProvider>();
  const { data, isPending } = useQuery({ queryKey: ['mediaTotals'], queryFn: () => dp.getMediaTotals() });
  return (
    <StatGrid>
      <StatCard title="Total media" value={data?.totalMedia} icon={<PermMediaIcon />} loading={isPending} />
      <StatCard title="Total votes" value={data?.totalVotes} icon={<FavoriteIcon />} loading={isPending} />
      <StatCard title="Total views" value={data?.totalViews} icon={<VisibilityIcon />} loading={isPending} />
    </StatGrid>
  );
}
