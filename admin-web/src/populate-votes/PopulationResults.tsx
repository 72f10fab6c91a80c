import { Box, Typography } from '@mui/material';
import { formatNumber } from '../lib/format';
import type { Population } from '../api/types';
import type { PopulationFigures } from './population-figures';

/** The results grid: media processed of total, total votes, users created, hot %, user ID range. */
export function PopulationResults({
  population: p,
  figures: f,
}: {
  population: Population;
  figures: PopulationFigures;
}) {
  if (p.state === 'not-started') {
    return (
      <Typography variant="body2" color="text.secondary">
        No vote population has run yet.
      </Typography>
    );
  }
  const items: [string, string][] = [
    ['Media processed', `${formatNumber(f.mediaProcessed)} of ${formatNumber(f.totalMediaCount)}`],
    ['Total votes', formatNumber(f.totalVotesInserted)],
    ['Users created', formatNumber(f.usersCreated)],
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
            // a number never breaks inside itself: "1,234 of 4,812" may wrap only at its spaces
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'normal', wordBreak: 'keep-all' }}
          >
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
