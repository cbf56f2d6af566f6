import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

const CATEGORIES = [
  { name: 'Electric Cars', text: 'Saloons, SUVs and hatchbacks from Tesla, Hyundai, BYD, Kia and more.' },
  { name: 'Electric Trucks', text: 'Pickups and delivery trucks for businesses moving goods across cities.' },
  { name: 'Electric Motorcycles', text: 'Okada-ready bikes and scooters that cut fuel costs for riders.' },
  { name: 'Electric Buses and Bikes', text: 'Buses for schools and transport firms, bicycles for short trips.' },
];

export function Component() {
  usePageTitle('About');
  return (
    <div className="page prose">
      <h1>About Voltmarket</h1>
      <p className="lead">Our mission is to make buying and selling electric vehicles in Nigeria and across Africa simple, safe and affordable.</p>
      <h2>What you can find here</h2>
      <div className="why__grid">
        {CATEGORIES.map((c) => (
          <div key={c.name} className="card">
            <h3 className="h4">{c.name}</h3>
            <p className="muted">{c.text}</p>
          </div>
        ))}
      </div>
      <h2>Verified listings</h2>
      <p>
        Every listing is checked by our moderation team before it goes live. We look at the photos, the price and the details the seller gives, and we turn away listings that do not meet
        our standards. Listings that pass carry a Verified badge. Sellers see the status of each of their listings, and the reason if one was turned away, in their profile.
      </p>
      <h2>Staying safe</h2>
      <p>Meet sellers in a public place, inspect the vehicle and its papers, and never pay before you have seen the vehicle.</p>
      <p className="cta__actions">
        <Link to="/browse" className="btn btn--primary">Browse Vehicles</Link>
        <Link to="/create-listing" className="btn btn--outline">List Your EV</Link>
      </p>
    </div>
  );
}
