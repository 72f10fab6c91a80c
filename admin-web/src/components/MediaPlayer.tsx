import { Box, Typography } from '@mui/material';
import { isVideo } from './MediaThumb';

interface Props {
  /** a rendition; null while none exists yet */
  url: string | null;
  mimeType: string;
  name: string;
}

/** The full image, or the video playing with controls, on black (the preview dialogs' body). */
export function MediaPlayer({ url, mimeType, name }: Props) {
  return (
    <Box sx={{ bgcolor: 'common.black', borderRadius: 1, display: 'flex', justifyContent: 'center', mb: 2 }}>
      {url === null ? (
        <Typography sx={{ color: 'common.white', py: 6 }} role="status">
          No preview yet: its renditions are not made
        </Typography>
      ) : isVideo({ mimeType }) ? (
        <video
          src={url}
          controls
          autoPlay
          playsInline
          aria-label={`Video ${name}`}
          style={{ maxWidth: '100%', maxHeight: '60vh', display: 'block' }}
        />
      ) : (
        <img
          src={url}
          alt={name}
          style={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain', display: 'block' }}
        />
      )}
    </Box>
  );
}
