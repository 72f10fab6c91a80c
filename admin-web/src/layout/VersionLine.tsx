import { Typography } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { useHealth } from '../lib/useHealth';

/** The running version (package version and commit) at the foot of the sidebar. */
export function VersionLine() {
  const health = useHealth();
  const [open] = useSidebarState();
  const v = health.data?.version;
  if (!v || !open) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ px: 2, py: 1 }}
      title={`Version ${v.version}, commit ${v.commit}`}
    >
      Version {v.version} · {v.commit.slice(0, 7)}
    </Typography>
  );
}
