import FlagIcon from '@mui/icons-material/Flag';
import { lazy } from 'react';

/** Issue 12's moderation queue: a lazily loaded page (its own chunk). */
export default {
  list: lazy(() => import('./ModerationPage')),
  icon: FlagIcon,
  recordRepresentation: 'originalName',
};
