import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

import type { components } from '@voltmarket/contract';

type Card = components['schemas']['VehicleSummary'];

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 });

/** Placeholder until the storefront issue: proves the API, the build and the serving path work. */
function App() {
  const [cards, setCards] = useState<Card[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/vehicles?limit=6')
      .then((r) => (r.ok ? (r.json() as Promise<Card[]>) : Promise.reject(new Error(`${r.status}`))))
      .then(setCards, (e: Error) => setError(e.message));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '2rem auto', padding: '0 1rem' }}>
      <h1>Buy Electric Vehicles</h1>
      <p>Find your perfect electric vehicle from verified sellers across Nigeria</p>
      {error && <p role="alert">Could not load vehicles ({error}).</p>}
      {!cards && !error && <p>Loading...</p>}
      {cards && cards.length === 0 && <p>No vehicles found matching your criteria.</p>}
      <ul>
        {cards?.map((c) => (
          <li key={c.id}>
            {c.title} — {naira.format(c.price)} — {c.location}
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
