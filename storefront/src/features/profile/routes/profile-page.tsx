import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ErrorState, Spinner } from '../../../components/states';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDate } from '../../../lib/format';
import { countBadge } from '../../../lib/count-badge';
import { formatPhone } from '../../../lib/phone';
import { EmailText, Unbroken } from '../../../components/unbroken';
import { useCurrentUser } from '../../auth/api/sync-user';
import { useSession } from '../../auth/session';
import { useMyListings } from '../api/my-listings';
import { ListingsTab } from '../components/listings-tab';
import { OverviewTab } from '../components/overview-tab';
import { SecurityTab } from '../components/security-tab';
import { SettingsTab } from '../components/settings-tab';
import { VerificationTab } from '../components/verification-tab';
import { useConversations } from '../../chat/api/get-conversations';
import { parseConversationId } from '../../chat/chat-rules';
import { ChatsTab, unreadMessages } from '../../chat/components/chats-tab';
import { DeveloperTab } from '../../developer/components/developer-tab';
import { RentalsTab } from '../../rentals/components/rentals-tab';
import { SavedSearchesTab } from '../../saved-searches/components/saved-searches-tab';
import { WishlistTab } from '../../wishlist/components/wishlist-tab';

const ChatDialog = lazy(() => import('../../chat/components/chat-dialog'));

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'listings', label: 'Listings' },
  { id: 'chats', label: 'Chats' },
  { id: 'wishlist', label: 'Wishlist' },
  { id: 'saved-searches', label: 'Saved searches' },
  { id: 'rentals', label: 'Rentals' },
  { id: 'settings', label: 'Settings' },
  { id: 'developer', label: 'Developer' },
  { id: 'security', label: 'Security' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function Component() {
  usePageTitle('Profile');
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Spinner />;
  if (session.status === 'signedOut') {
    return (
      <div className="page state">
        <h1 className="state__title">Sign in to see your profile</h1>
        <p className="muted">Your listings, settings and sign-in methods are here once you sign in.</p>
        {/* Back to the same tab: a rental notification leads to /profile?tab=rentals. */}
        <Link to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} className="btn btn--primary">Sign In</Link>
      </div>
    );
  }
  return <Profile />;
}

interface OpenChat {
  vehicleId: number;
  otherUserId: string;
  otherName?: string;
}

function Profile() {
  const { user: session } = useSession();
  const uid = session?.uid ?? '';
  const me = useCurrentUser();
  const listings = useMyListings();
  const conversations = useConversations();
  const [params, setParams] = useSearchParams();
  // Verification lives in Settings (ten tabs would not fit a phone's first screen); its old address still leads there.
  const requested = params.get('tab') === 'verification' ? 'settings' : params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'overview';
  const [chat, setChat] = useState<OpenChat | null>(null);

  // ?openChat={vehicleId}_{buyerId}_{sellerId} (a message notification) opens that chat, then leaves the address.
  const openChat = params.get('openChat');
  useEffect(() => {
    if (!openChat || !uid) return;
    const target = parseConversationId(openChat, uid);
    if (target) setChat(target);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('openChat');
        if (target) next.set('tab', 'chats');
        return next;
      },
      { replace: true },
    );
  }, [openChat, uid, setParams]);
  // Verification's own address (the old tab's, and Developer's "Go to Verification") shows that part of Settings, not its top.
  const toVerification = params.get('tab') === 'verification';
  const loaded = !!me.data;
  useEffect(() => {
    if (toVerification && loaded) document.getElementById('verify-phone-heading')?.scrollIntoView?.({ block: 'start' });
  }, [toVerification, loaded]);
  const unread = countBadge(unreadMessages(conversations.data));

  if (me.isError) return <ErrorState title="We could not load your profile" error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) return <Spinner label="Loading your profile..." />;
  const user = me.data;
  const active = listings.data?.filter((l) => l.status === 'active').length;

  return (
    <div className="page">
      <header className="card profile-head">
        <span className="avatar avatar--lg" aria-hidden="true">{user.displayName.charAt(0).toUpperCase()}</span>
        <div className="profile-head__who">
          <h1 className="h2">{user.firstName || user.lastName ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() : user.email ?? 'Guest'}</h1>
          <p className="muted small">
            {user.email ? <EmailText email={user.email} /> : 'Guest account'}
            {user.phone && <> · <Unbroken>{formatPhone(user.phone)}</Unbroken></>} · Member since <Unbroken>{formatDate(user.createdAt)}</Unbroken>
          </p>
        </div>
        <p className="profile-head__stat">
          <strong>{active ?? '–'}</strong> <span className="muted small">Active Listings</span>
        </p>
      </header>

      <div className="tabs" role="tablist" aria-label="Profile sections">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setParams({ tab: t.id }, { replace: true })}
            onKeyDown={(e) => {
              const i = TABS.findIndex((x) => x.id === t.id);
              const to: Record<string, number> = { ArrowRight: (i + 1) % TABS.length, ArrowLeft: (i - 1 + TABS.length) % TABS.length, Home: 0, End: TABS.length - 1 };
              const next = e.key in to ? TABS[to[e.key]!] : null;
              if (next) {
                e.preventDefault();
                setParams({ tab: next.id }, { replace: true });
                document.getElementById(`tab-${next.id}`)?.focus();
              }
            }}
          >
            {t.label}
            {t.id === 'chats' && unread && (
              <span className="tab-badge">
                <span aria-hidden="true">{unread}</span>
                <span className="visually-hidden"> ({unread} unread)</span>
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'overview' && <OverviewTab />}
        {tab === 'listings' && <ListingsTab />}
        {tab === 'chats' && <ChatsTab me={uid} onOpen={(c) => setChat({ vehicleId: c.vehicleId, otherUserId: c.otherUser.id, otherName: c.otherUser.displayName })} />}
        {tab === 'wishlist' && <WishlistTab />}
        {tab === 'saved-searches' && <SavedSearchesTab />}
        {tab === 'rentals' && <RentalsTab />}
        {tab === 'settings' && (
          <div className="stack-lg">
            <SettingsTab user={user} />
            <VerificationTab user={user} />
          </div>
        )}
        {tab === 'developer' && <DeveloperTab />}
        {tab === 'security' && <SecurityTab />}
      </div>
      {chat && (
        <Suspense fallback={null}>
          <ChatDialog vehicleId={chat.vehicleId} otherUserId={chat.otherUserId} me={uid} {...(chat.otherName ? { otherName: chat.otherName } : {})} onClose={() => setChat(null)} />
        </Suspense>
      )}
    </div>
  );
}
