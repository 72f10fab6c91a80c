import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Box } from '@mui/material';
import type { AdminMedia } from '../api/types';

export const isVideo = (m: Pick<AdminMedia, 'mimeType'>) => m.mimeType.startsWith('video/');

/**
 * What a preview dialog shows: a photo's full-size rendition (else its preview), a video's
 * playback file; null until the renditions exist. Never the original (issue 26): an HEVC
 * original would play sound over a black box, and a camera photo costs megabytes.
 */
export const previewUrlOf = (
  m: Pick<AdminMedia, 'mimeType' | 'fullUrl' | 'previewUrl' | 'playbackUrl'>,
): string | null => (isVideo(m) ? m.playbackUrl : (m.fullUrl ?? m.previewUrl));

interface Props {
  media: Pick<AdminMedia, 'mimeType' | 'thumbUrl'>;
}

/**
 * A 4:3 card picture: the server's thumbnail, loaded lazily. Never a video file (one per card
 * fetched megabytes) nor an original: a video shows its poster thumbnail with a play mark, an
 * item without renditions yet a plain tile (with the mark for a video).
 */
export function MediaThumb({ media }: Props) {
  const video = isVideo(media);
  const src = media.thumbUrl;
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
