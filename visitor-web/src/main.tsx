import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// the shared styles first: each component's own stylesheet, imported beside it, comes after them
import './styles/base.css';
import './styles/avatar.css';
import './styles/buttons.css';
import './styles/forms.css';
import { App } from './app/App';
import { registerServiceWorker } from './app/service-worker';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
