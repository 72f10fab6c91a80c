import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DailyStats } from '../api/types';

/** y-axis ticks as 950, 1.5K, 12K, 1.2M: short enough that the axis never cuts one ("150…"). */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const Y_AXIS = [{ width: 48, valueFormatter: (v: number | null) => (v === null ? '' : compact.format(v)) }];

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Votes per day, and uploads and new users per day (their scales differ by orders of magnitude). */
export default function DailyCharts({ days }: { days: DailyStats['days'] }) {
  const labels = days.map((d) => dayLabel(d.day));
  const totals = days.reduce(
    (t, d) => ({ votes: t.votes + d.votes, uploads: t.uploads + d.uploads, users: t.users + d.users }),
    { votes: 0, uploads: 0, users: 0 },
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <figure style={{ margin: 0, minWidth: 0 }} aria-label={`Votes per day: ${totals.votes} in 30 days`}>
        <Typography component="figcaption" variant="subtitle2" color="text.secondary">
          Votes per day ({totals.votes.toLocaleString('en')} in 30 days)
        </Typography>
        <LineChart
          height={260}
          xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: { fontSize: 11 } }]}
          yAxis={Y_AXIS}
          series={[{ data: days.map((d) => d.votes), label: 'Votes', area: true, showMark: false, color: '#8b5cf6' }]}
          margin={{ left: 8, right: 16 }}
        />
      </figure>
      <figure
        style={{ margin: 0, minWidth: 0 }}
        aria-label={`Uploads and new users per day: ${totals.uploads} uploads and ${totals.users} new users in 30 days`}
      >
        <Typography component="figcaption" variant="subtitle2" color="text.secondary">
          Uploads and new users per day ({totals.uploads.toLocaleString('en')} uploads,{' '}
          {totals.users.toLocaleString('en')} new users)
        </Typography>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
          series={[
            { data: days.map((d) => d.uploads), label: 'Uploads', color: '#f59e0b' },
            { data: days.map((d) => d.users), label: 'New users', color: '#10b981' },
          ]}
          yAxis={Y_AXIS}
          margin={{ left: 8, right: 16 }}
        />
      </figure>
    </Box>
  );
}
