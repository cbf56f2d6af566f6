import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState, isNotFound, Spinner } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ChangesWaiting } from '../components/changes-waiting';
import { usePageTitle } from '../../../components/use-page-title';
import { parseListingId } from '../../../lib/listing-id';
import { withReason } from '../../../lib/sentence';
import { RequireSignIn } from '../../auth/components/require-sign-in';
import { useSession } from '../../auth/session';
import { useVehicle } from '../../vehicles/api/get-vehicle';
import { useUpdateListing } from '../api/save-listing';
import { ListingForm } from '../components/listing-form';
import { listingFormFrom, toVehicleInput } from '../listing-form-values';

const REDIRECT_DELAY_MS = 2000;

export function Component() {
  usePageTitle('Edit Listing');
  return (
    <RequireSignIn>
      <EditListing />
    </RequireSignIn>
  );
}

function EditListing() {
  const id = parseListingId(useParams().id);
  const session = useSession();
  const vehicle = useVehicle(id, session.user?.uid ?? 'visitor');
  const update = useUpdateListing(id ?? 0);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate('/profile?tab=listings'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  if (id === null || isNotFound(vehicle.error)) return <NotFound />;
  if (vehicle.isError) return <ErrorState title="We could not load this listing" error={vehicle.error} onRetry={() => void vehicle.refetch()} />;
  if (!vehicle.data) return <Spinner label="Loading listing..." />;
  if (vehicle.data.sellerId !== session.user?.uid) {
    return (
      <div className="page state">
        <h1 className="state__title">You can only edit your own listings</h1>
        <Link to={`/vehicles/${id}`} className="btn btn--outline">View Listing</Link>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1>Edit Listing</h1>
        <p className="muted">{vehicle.data.title}</p>
        {vehicle.data.status === 'active' && (
          <p className="small muted">Changes to the title, description, photos, make, model, year, location or VIN, or to the price by more than a fifth, are checked by a moderator first: buyers see the approved version until then.</p>
        )}
        {vehicle.data.changeReview && <ChangesWaiting review={vehicle.data.changeReview} />}
        {vehicle.data.status === 'rejected' && (
          <div className="notice notice--danger">
            <p>{withReason('This listing was rejected', vehicle.data.rejectionReason, 'Saving your changes submits it for review again.')}</p>
          </div>
        )}
      </header>
      {saved && (
        <div className="notice notice--success" role="status">
          <p>Listing Updated! Taking you back to your profile...</p>
        </div>
      )}
      <ListingForm
        initial={listingFormFrom(vehicle.data)}
        submitLabel="Update Listing"
        busyLabel="Updating..."
        imagesRequiredMessage={{ title: 'Images Required', description: 'Please upload at least one image of your vehicle.' }}
        onSubmit={async (values) => {
          try {
            const updated = await update.mutateAsync(toVehicleInput(values));
            toast(updated.changeReview?.status === 'pending'
              ? { title: 'Changes sent for review', description: 'Buyers see the approved version until a moderator approves your changes.' }
              : { title: 'Listing Updated!', description: 'Your changes have been saved.' });
            setSaved(true);
          } catch (error) {
            toast({ title: 'Update Failed', description: error instanceof Error && error.message ? error.message : 'Failed to update listing. Please try again.', variant: 'destructive' });
            throw error;
          }
        }}
        secondary={() => (
          <Link to="/profile?tab=listings" className="btn btn--outline">
            Cancel
          </Link>
        )}
      />
    </div>
  );
}

function NotFound() {
  return (
    <div className="page state">
      <h1 className="state__title">Vehicle Not Found</h1>
      <p className="muted">This listing may have been removed.</p>
      <Link to="/profile" className="btn btn--primary">Back to Profile</Link>
    </div>
  );
}
