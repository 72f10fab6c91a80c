import FavoriteIcon from '@mui/icons-material/Favorite';
import PeopleIcon from '@mui/icons-material/People';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { StatCard, StatGrid } from '../components/StatCard';
import { OperationsBanner } from './OperationsBanner';
import { formatNumber } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { errorMessage } from '../providers/http';
import type { AdminDataProvider } from '../providers/data-provider';

// the chart library (MUI X) is loaded only here, after the totals: never on the login page
const DailyCharts = lazy(() => import('./DailyCharts'));

/** After login: what is stuck (if anything), the four totals, each a link to its page, and the last 30 days per day. */
export default function Dashboard() {
  const dp = useDataProvider<AdminDataProvider>();
  const stats = useQuery({ queryKey: ['adminStats'], queryFn: () => dp.getStats() });
  const daily = useQuery({ queryKey: ['adminDaily', 30], queryFn: () => dp.getDailyStats(30), retry: false });
  const s = stats.data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <OperationsBanner />
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(stats.error, TEXTS.unknownError)}
        </Alert>
      )}
      <StatGrid>
        <StatCard
          title="Users"
          value={s ? s.totalUsers - s.seededUsers : undefined}
          icon={<PeopleIcon />}
          to="/users"
          loading={stats.isPending}
          caption={s?.seededUsers ? `plus ${formatNumber(s.seededUsers)} populated` : undefined}
        />
        <StatCard title="Media" value={s?.totalMedia} icon={<PermMediaIcon />} to="/media" loading={stats.isPending} />
        <StatCard
          title="Votes"
          value={s?.totalVotes}
          icon={<FavoriteIcon />}
          to="/export-votes"
          loading={stats.isPending}
        />
        <StatCard
          title="Views"
          value={s?.totalViews}
          icon={<VisibilityIcon />}
          to={`/media?sort=totalViews&order=DESC`}
          loading={stats.isPending}
        />
      </StatGrid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Last 30 days
          </Typography>
          {daily.isError ? (
            <Alert severity="warning">Daily statistics are not available: {errorMessage(daily.error)}</Alert>
          ) : daily.isPending ? (
            <Skeleton variant="rounded" height={280} />
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
              <DailyCharts days={daily.data.days} />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
