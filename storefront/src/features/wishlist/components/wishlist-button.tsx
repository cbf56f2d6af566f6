import { Link, useLocation } from 'react-router-dom';
import { HeartIcon } from '../../../components/icons';
import { useSession } from '../../auth/session';
import { useWishlist } from '../api/get-wishlist';
import { useToggleWishlist, type SavableVehicle } from '../api/toggle-wishlist';

interface WishlistButtonProps {
  vehicle: SavableVehicle;
  className?: string;
  /** Shows "Save"/"Saved" beside the heart (the vehicle page); cards show the heart alone. */
  withText?: boolean;
}

/** The heart: saves the listing to the signed-in user's wishlist; visitors are taken to sign in and brought back. */
export function WishlistButton({ vehicle, className = 'icon-btn', withText = false }: WishlistButtonProps) {
  const { status } = useSession();
  const location = useLocation();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const saved = !!wishlist.data?.some((item) => item.vehicle.id === vehicle.id);

  if (status === 'signedOut') {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <Link to={`/auth?redirect=${back}`} className={`${className} wishlist-btn`} aria-label="Sign in to save to wishlist" title="Sign in to save to wishlist">
        <HeartIcon />
        {withText && <span>Save</span>}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${className} wishlist-btn${saved ? ' wishlist-btn--saved' : ''}`}
      aria-label={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      aria-pressed={saved}
      // Until the list is known a press could only contradict it: the heart waits, visibly, instead
      // of taking a tap and doing nothing (a tap on a slow network was lost that way).
      disabled={!wishlist.data}
      onClick={() => {
        // While a change is on its way, a second press could only contradict it.
        if (!wishlist.data || toggle.isPending) return;
        void toggle.toggle(vehicle, !saved);
      }}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} />
      {withText && <span>{saved ? 'Saved' : 'Save'}</span>}
    </button>
  );
}
