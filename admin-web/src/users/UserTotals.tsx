import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import PeopleIcon from '@mui/icons-material/People';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { StatCard, StatGrid } from '../components/StatCard';
import { formatNumber } from '../lib/format';
import type { AdminDataProvider } from '../providers/data-provider';

/** The Users page's three totals: all users (how many are populated), active real users (an upload or a vote), saved (verified e-mail). */
export function UserTotals() {
  const dp = useDataProvider<AdminDataProvider>();
  const { data, isPending } = useQuery({ queryKey: ['userTotals'], queryFn: () => dp.getUserTotals() });
  return (
    <StatGrid>
      <StatCard
        title="Total users"
        value={data?.totalUsers}
        icon={<PeopleIcon />}
        loading={isPending}
        caption={data?.seededUsers ? `${formatNumber(data.seededUsers)} populated` : undefined}
      />
      <StatCard
        title="Active users"
        value={data?.activeUsers}
        icon={<TouchAppIcon />}
        loading={isPending}
        caption="uploaded or voted (real users)"
      />
      <StatCard
        title="Saved accounts"
        value={data?.savedAccounts}
        icon={<MarkEmailReadIcon />}
        loading={isPending}
        caption="verified e-mail"
      />
    </StatGrid>
  );
}
