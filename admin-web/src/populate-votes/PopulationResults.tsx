import { Box, Typography } from '@mui/material';
import { formatNumber } from '../lib/format';
import type { Population } from '../api/types';

/** The results grid: media processed of total, total votes, users created, hot %, user ID range. */
export function PopulationResults({ population: p }: { population: Population }) {
  if (p.state === 'not-started') {
    return (
      <Typography variant="body2" color="text.secondary">
        No vote population has run yet.
      </Typography>
    );
  }
  const items: [string, string][] = [
    ['Media processed', `${formatNumber(p.mediaProcessed)} of ${formatNumber(p.totalMediaCount)}`],
    ['Total votes', formatNumber(p.totalVotesInserted)],
    ['Users created', formatNumber(p.usersCreated)],
    ['Hot percentage', `${p.overallHotPercentage ?? 0}%`],
    ['User ID range', p.userIdRange ?? '–'],
  ];
  return (
    <Box
      component="dl"
      aria-label="Population results"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {items.map(([k, v]) => (
        <Box key={k} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {k}
          </Typography>
          <Typography
            component="dd"
            variant="h6"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
