import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import media from './media';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';

/**
 * The operators' portal under /adm, on real paths (/adm/media, ...) as the spec lists them rather
 * than react-admin's default hash routes. More resources and pages arrive with the admin work.
 */
export const App = () => (
  <BrowserRouter basename="/adm">
    <Admin title="How's my Vibe? Admin" authProvider={authProvider} dataProvider={dataProvider} requireAuth>
      <Resource name="media" options={{ label: 'Media' }} {...media} />
    </Admin>
  </BrowserRouter>
);
