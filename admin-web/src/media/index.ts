import PermMediaIcon from '@mui/icons-material/PermMedia';
import { lazy } from 'react';

/** The Media resource: a lazily loaded card grid (the page is its own chunk). */
export default {
  list: lazy(() => import('./MediaList')),
  icon: PermMediaIcon,
  recordRepresentation: 'originalName',
};
