import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { DataSaverToggle } from '../components/data-saver-toggle';
import { BellIcon, BoltIcon, CloseIcon, MenuIcon } from '../components/icons';
import { toast } from '../components/toast';
import { signOutEverywhere } from '../features/auth/actions';
import { useCurrentUser } from '../features/auth/api/sync-user';
import { useSession } from '../features/auth/session';

// Signed-in people only; it arrives while their session is being restored anyway.
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell'));

export function NavBar() {
  const session = useSession();
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => setOpen(false), [location.pathname]);

  const isStaff = me.data?.role === 'admin' || me.data?.role === 'support';
  const logout = async () => {
    try {
      await signOutEverywhere();
      queryClient.removeQueries({ queryKey: ['auth'] });
      for (const personal of ['my-listings', 'my-packages', 'my-rentals', 'payments', 'notifications', 'conversations', 'chat', 'wishlist', 'inquiries', 'saved-searches', 'saved-search-proposal']) queryClient.removeQueries({ queryKey: [personal] });
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' });
      navigate('/');
    } catch (error) {
      toast({ title: 'Logout Failed', description: error instanceof Error ? error.message : 'Failed to log out', variant: 'destructive' });
    }
  };

  const links = (
    <>
      <NavLink to="/browse">Buy</NavLink>
      <NavLink to="/rent">Rent EV</NavLink>
      <NavLink to="/about">About</NavLink>
      <NavLink to="/advertise">Advertise</NavLink>
      <NavLink to="/create-listing" className="btn btn--primary btn--sm">
        List Your EV
      </NavLink>
      {session.status === 'signedIn' ? (
        <>
          <NavLink to="/profile">Profile</NavLink>
          {isStaff && <a href="/admin/">Admin</a>}
          <button type="button" className="btn btn--ghost btn--sm" onClick={logout}>
            Logout
          </button>
        </>
      ) : session.status === 'signedOut' ? (
        <NavLink to="/auth">Sign In</NavLink>
      ) : (
        <span className="nav__placeholder" aria-hidden="true" />
      )}
    </>
  );

  return (
    <header className="nav">
      <div className="nav__inner">
        <Link to="/" className="nav__brand">
          <span className="brand-mark" aria-hidden="true">
            <BoltIcon />
          </span>
          Voltmarket
        </Link>
        <nav className="nav__links" aria-label="Main">
          {links}
        </nav>
        {/* One bell for every width: beside the menu button on phones, after the links on wider screens. */}
        {session.status === 'signedIn' && (
          <Suspense fallback={<span className="icon-btn bell__button" aria-hidden="true"><BellIcon /></span>}>
            <NotificationBell />
          </Suspense>
        )}
        <button type="button" className="icon-btn nav__toggle" aria-expanded={open} aria-controls="mobile-menu" aria-label={open ? 'Close menu' : 'Open menu'} onClick={() => setOpen(!open)}>
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      {open && (
        <nav id="mobile-menu" className="nav__mobile" aria-label="Mobile">
          <NavLink to="/" end>
            Home
          </NavLink>
          {links}
          <DataSaverToggle />
        </nav>
      )}
    </header>
  );
}
