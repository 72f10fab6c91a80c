import { Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Children, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../lib/format';

interface Props {
  title: string;
  value?: number;
  /** shown instead of a number (a provider name, a size) */
  text?: string;
  icon: ReactNode;
  /** the page behind the number (the dashboard's cards are links, as in react-admin's demo) */
  to?: string;
  loading?: boolean;
  caption?: string;
}

/** A labelled total; a link to its page when `to` is set. */
export function StatCard({ title, value, text, icon, to, loading, caption }: Props) {
  const body = (
    <CardContent
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        p: { xs: 1.5, sm: 2 },
        '&:last-child': { pb: { xs: 1.5, sm: 2 } },
      }}
    >
      <Stack
        sx={{
          // on a phone the number matters more than the picture: three totals fit in one row
          display: { xs: 'none', sm: 'flex' },
          color: 'primary.main',
          bgcolor: 'action.hover',
          borderRadius: 2,
          p: 1,
          alignItems: 'center',
          justifyContent: 'center',
        }}
        aria-hidden
      >
        {icon}
      </Stack>
      {/* a size container: the number's size follows the card's width, so it never breaks inside */}
      <div style={{ minWidth: 0, flex: 1, containerType: 'inline-size' }}>
        <Typography variant="body2" color="text.secondary" component="h2">
          {title}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontSize: 'clamp(0.95rem, 15cqi, 1.5rem)',
            whiteSpace: 'nowrap',
          }}
        >
          {loading ? <Skeleton width={80} /> : (text ?? formatNumber(value))}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </div>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** Cards side by side; on a phone three totals stay in one row, four make two rows of two. */
export function StatGrid({ children }: { children: ReactNode }) {
  const count = Children.count(children);
  return (
    <Stack
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: `repeat(${count === 3 ? 3 : 2}, minmax(0, 1fr))`,
          md: 'repeat(auto-fit, minmax(180px, 1fr))',
        },
        mb: 2,
      }}
    >
      {children}
    </Stack>
  );
}
