import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Placeholder until the backoffice issue builds react-admin on the admin API. */
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '2rem auto', padding: '0 1rem' }}>
      <h1>Voltmarket Backoffice</h1>
      <p>Moderation screens arrive with the backoffice. The admin API is documented at <a href="/api/docs">/api/docs</a>.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
