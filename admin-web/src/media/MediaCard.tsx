import DeleteIcon from '@mui/icons-material/Delete';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  ButtonBase,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { hotConfidence } from '@vibe/contract/confidence';
import { formatBytes, formatDateTime, formatNumber, mediaSelectLabel } from '../lib/format';
import { visuallyHidden } from '../lib/visually-hidden';
import type { AdminMedia } from '../api/types';
import { isVideo, MediaThumb } from '../components/MediaThumb';

interface Props {
  media: AdminMedia;
  selected: boolean;
  onToggle: () => void;
  onPreview: () => void;
  onDelete: () => void;
}

/** One media: thumbnail (a button opening the preview), name, user, type, size, hot/not/views, date. */
export function MediaCard({ media, selected, onToggle, onPreview, onDelete }: Props) {
  return (
    <Card
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : undefined,
        outline: selected ? '1px solid' : undefined,
        outlineColor: 'primary.main',
      }}
      data-testid="media-card"
    >
      <ButtonBase
        onClick={onPreview}
        aria-label={`Preview ${media.originalName}`}
        sx={{
          display: 'block',
          textAlign: 'left',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
        }}
      >
        <MediaThumb media={media} />
      </ButtonBase>
      <CardContent sx={{ pb: 0.5, flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap title={media.originalName}>
          {media.originalName}
        </Typography>
        {/* a username is one word: one line, never broken inside; a name wider than the card ends in an ellipsis */}
        <Typography variant="body2" color="text.secondary" noWrap title={media.username} data-testid="username">
          {media.username}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ my: 0.75, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            label={isVideo(media) ? 'Video' : media.mimeType.replace('image/', '').toUpperCase()}
            color={isVideo(media) ? 'secondary' : 'default'}
            variant="outlined"
          />
          <Typography variant="caption" color="text.secondary">
            {formatBytes(media.size)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} aria-label="Votes and views">
          <Metric
            icon={<LocalFireDepartmentIcon fontSize="inherit" />}
            value={media.hotVotes}
            label="hot"
            color="#ef4444"
          />
          <Metric icon={<ThumbDownIcon fontSize="inherit" />} value={media.notVotes} label="not" color="#3b82f6" />
          <Metric icon={<VisibilityIcon fontSize="inherit" />} value={media.totalViews} label="views" />
        </Stack>
        <HotShare hot={media.hotVotes} total={media.totalVotes} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {formatDateTime(media.uploadedAt)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', pt: 0 }}>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': mediaSelectLabel(media.originalName, media.id, media.username) } }}
          size="small"
        />
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${media.originalName}`} onClick={onDelete} color="error" size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}

function Metric({ icon, value, label, color }: { icon: ReactNode; value: number; label: string; color?: string }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontSize: 13,
        color: color ?? 'text.secondary',
      }}
      title={`${value} ${label}`}
    >
      {icon}
      <Typography variant="caption" component="span" sx={{ color: 'text.primary' }}>
        {formatNumber(value)}
        <Box component="span" sx={visuallyHidden}>
          {` ${label}`}
        </Box>
      </Typography>
    </Box>
  );
}

/** "67% hot · 95% range 21–94%", and a "Few votes" chip while there are fewer than 10 votes. */
function HotShare({ hot, total }: { hot: number; total: number }) {
  const c = hotConfidence(hot, total);
  if (!c) {
    return (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        No votes yet
      </Typography>
    );
  }
  const share = Math.round((hot * 100) / total);
  return (
    <Stack
      direction="row"
      sx={{ mt: 0.5, alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
      data-testid="media-hot-share"
      title="The Hot share and the range it is 95% likely to be in (Wilson), from the votes so far"
    >
      <Typography variant="caption" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {share}% hot
      </Typography>
      <Typography variant="caption" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
        95% range {c.low === c.high ? `${c.low}%` : `${c.low}–${c.high}%`}
      </Typography>
      {c.few && <Chip size="small" label="Few votes" variant="outlined" color="warning" sx={{ height: 20 }} />}
    </Stack>
  );
}
