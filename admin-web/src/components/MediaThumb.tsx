import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Box } from '@mui/material';
import type { AdminMedia } from '../api/types';

export const isVideo = (m: Pick<AdminMedia, 'mimeType'>) => m.mimeType.startsWith('video/');

interface Props {
  media: Pick<AdminMedia, 'url' | 'mimeType' | 'thumbUrl'>;
}

/**
 * A 4:3 card picture: the server's thumbnail, loaded lazily. Never a video file (one per card
 * fetched megabytes): a video shows its poster thumbnail with a play mark, or a plain tile with
 * the mark until the poster exists; a photo without a thumbnail yet shows its original.
 */
export function MediaThumb({ media }: Props) {
  const video = isVideo(media);
  const src = media.thumbUrl ?? (video ? null : media.url);
  return (
    <Box
      sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden' }}
      data-testid="media-thumb"
    >
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : null}
      {video ? (
        <PlayCircleIcon
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            m: 'auto',
            fontSize: 48,
            color: src ? 'common.white' : 'text.secondary',
            filter: src ? 'drop-shadow(0 1px 3px rgba(0,0,0,.6))' : undefined,
          }}
        />
      ) : null}
    </Box>
  );
}
