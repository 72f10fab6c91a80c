import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { isAbsoluteHttpUrl } from '../lib/url';

/** What a visitor will experience with the settings in the form (updates as the operator types). */
export function RedirectPreview({ url, children }: { url: string; children: ReactNode }) {
  const valid = !!url && isAbsoluteHttpUrl(url);
  return (
    <Box
      aria-label="Preview"
      role="region"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ px: 1.5, py: 0.75, bgcolor: 'action.hover', display: 'flex', gap: 0.75, alignItems: 'center' }}>
        {['#ef4444', '#f59e0b', '#10b981'].map((c) => (
          <Box key={c} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: c }} aria-hidden />
        ))}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }} noWrap>
          Visitor&apos;s view
        </Typography>
      </Box>
      <Box sx={{ p: 1.5 }}>
        <Typography variant="body2">{children}</Typography>
        {valid && (
          // a link on its own line, not in a sentence: at least 24 px tall to tap (WCAG 2.5.8)
          <Link
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              mt: 0.5,
              minHeight: 24,
              wordBreak: 'break-all',
            }}
          >
            Open {url} <OpenInNewIcon fontSize="inherit" aria-hidden />
          </Link>
        )}
      </Box>
    </Box>
  );
}
