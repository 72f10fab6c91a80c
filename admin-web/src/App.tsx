import { Admin, Resource } from 'react-admin';
import media from './media';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';

/** The operators' portal under /adm. More resources and pages arrive with the admin work. */
export const App = () => (
  <Admin
    basename="/adm"
    title="How's my Vibe? Admin"
    authProvider={authProvider}
    dataProvider={dataProvider}
    requireAuth
  >
    <Resource name="media" options={{ label: 'Media' }} {...media} />
  </Admin>
);
