import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Box } from '@mui/material';
import type { AdminMedia } from '../api/types';

export const isVideo = (m: Pick<AdminMedia, 'mimeType'>) => m.mimeType.startsWith('video/');

interface Props {
  media: Pick<AdminMedia, 'url' | 'mimeType'>;
  /** a still image for the thumbnail (the server's thumbnail), instead of the file itself */
  poster?: string | null;
}

/** A 4:3 thumbnail: the image, or the video's first frame (or its poster) with a play mark. */
export function MediaThumb({ media, poster }: Props) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {isVideo(media) ? (
        <>
          {poster ? (
            <Still src={poster} />
          ) : (
            <video
              src={`${media.url}#t=0.1`}
              preload="metadata"
              muted
              playsInline
              aria-hidden
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          )}
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
        <Still src={poster || media.url} />
      )}
    </Box>
  );
}

const Still = ({ src }: { src: string }) => (
  <img
    src={src}
    alt=""
    loading="lazy"
    decoding="async"
    style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
  />
);
