import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Box } from '@mui/material';
import type { AdminMedia } from '../providers/types';

export const isVideo = (m: Pick<AdminMedia, 'mimeType'>) => m.mimeType.startsWith('video/');

/** A square thumbnail: the image, or the video's first frame with a play mark. */
export function MediaThumb({ media }: { media: AdminMedia }) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {isVideo(media) ? (
        <>
          <video
            src={`${media.url}#t=0.1`}
            preload="metadata"
            muted
            playsInline
            aria-hidden
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <PlayCircleIcon
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              m: 'auto',
              fontSize: 48,
              color: 'common.white',
              filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.6))',
            }}
          />
        </>
      ) : (
        <img
          src={media.url}
          alt=""
          loading="lazy"
          decoding="async"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}
