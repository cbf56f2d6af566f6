import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadFirebase } from './auth/firebase';

// Start fetching the Firebase chunk and sign-in settings while React mounts; every screen needs them.
void loadFirebase().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
