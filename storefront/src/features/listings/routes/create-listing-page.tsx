import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/use-page-title';
import { RequireSignIn } from '../../auth/components/require-sign-in';
import { useCreateListing } from '../api/save-listing';
import { ListingForm } from '../components/listing-form';
import { emptyListingForm, toVehicleInput } from '../listing-form-values';

const REDIRECT_DELAY_MS = 3000;

export function Component() {
  usePageTitle('List Your EV');
  return (
    <RequireSignIn>
      <CreateListing />
    </RequireSignIn>
  );
}

function CreateListing() {
  const create = useCreateListing();
  const navigate = useNavigate();
  const [createdId, setCreatedId] = useState<number | null>(null);

  useEffect(() => {
    if (createdId === null) return;
    const timer = window.setTimeout(() => navigate('/profile?tab=listings'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [createdId, navigate]);

  if (createdId !== null) return <ListingSubmitted id={createdId} />;

  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1>List Your Electric Vehicle</h1>
        <p className="muted">Reach buyers across Nigeria. Every listing is reviewed before it goes live.</p>
      </header>
      <ListingForm
        initial={emptyListingForm()}
        submitLabel="Create Listing"
        busyLabel="Creating..."
        onSubmit={async (values) => {
          try {
            const vehicle = await create.mutateAsync(toVehicleInput(values));
            toast({ title: 'Your vehicle listing has been created successfully!', description: 'It is now pending review.' });
            setCreatedId(vehicle.id);
          } catch (error) {
            toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to create listing', variant: 'destructive' });
            throw error;
          }
        }}
        secondary={(reset) => (
          <button type="button" className="btn btn--outline" onClick={reset}>
            Reset
          </button>
        )}
      />
    </div>
  );
}

/**
 * Replaces the long form the seller scrolled down to its button: without scrolling back up, the short
 * page would keep that scroll position, clamped to its bottom, and show the footer instead of this.
 */
function ListingSubmitted({ id }: { id: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="page state" role="status">
      <h1 ref={heading} tabIndex={-1} className="state__title">Listing submitted for review</h1>
      <p>Buyers will see it on Browse once a moderator approves it.</p>
      <p className="cta__actions">
        <Link to="/profile?tab=listings" className="btn btn--primary">View My Listings</Link>
        <Link to={`/vehicles/${id}`} className="btn btn--outline">Preview Listing</Link>
      </p>
      <p className="muted small">Taking you to your listings in a moment...</p>
    </div>
  );
}
