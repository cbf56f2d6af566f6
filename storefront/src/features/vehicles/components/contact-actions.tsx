import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ChatIcon, MailIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import type { Vehicle } from '../../../lib/api-types';
import { useCurrentUser } from '../../auth/api/sync-user';
import { useSession } from '../../auth/session';

// The dialogs' code (and the phone rules the inquiry form needs) is fetched when first wanted, not with the page.
const loadChat = () => import('../../chat/components/chat-dialog');
const loadInquiry = () => import('../../inquiries/components/inquiry-dialog');
const ChatDialog = lazy(loadChat);
const InquiryDialog = lazy(loadInquiry);

/** The address a visitor comes back to after signing in to message the seller: this page, its chat open. */
export const CHAT_AFTER_SIGN_IN = 'contact=chat';

/**
 * Message Seller (in-app chat, signed-in buyers; a visitor is taken to sign in and back to this page
 * with the chat open) and Contact Seller (an inquiry, anyone but the seller).
 */
export function ContactActions({ vehicle }: { vehicle: Vehicle }) {
  const session = useSession();
  const me = useCurrentUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<'chat' | 'inquiry' | null>(null);
  const uid = session.user?.uid ?? null;
  const signedIn = session.status === 'signedIn' && uid !== null;
  const isOwner = uid !== null && uid === vehicle.sellerId;

  // Back from signing in to message this seller: the chat opens, and the address forgets why it came.
  const wantsChat = params.get('contact') === 'chat';
  useEffect(() => {
    if (!wantsChat || session.status === 'loading') return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('contact');
      return next;
    }, { replace: true });
    if (signedIn && !isOwner) setOpen('chat');
  }, [wantsChat, session.status, signedIn, isOwner, setParams]);

  // A dialog opens once its code is here: on a saved copy without signal, code never loaded cannot come.
  const openWhenLoaded = (dialog: 'chat' | 'inquiry') => {
    (dialog === 'chat' ? loadChat() : loadInquiry()).then(
      () => setOpen(dialog),
      () => toast({ title: 'No connection', description: 'This needs the signal the first time it opens. Please try again when you are back online.', variant: 'destructive' }),
    );
  };

  const messageSeller = () => {
    if (isOwner) {
      toast({ title: 'Cannot Message Yourself', description: 'You cannot send messages to your own vehicle listings.', variant: 'destructive' });
      return;
    }
    openWhenLoaded('chat');
  };

  const back = encodeURIComponent(`${location.pathname}?${CHAT_AFTER_SIGN_IN}`);
  return (
    <div className="stack contact-actions">
      {signedIn || session.status === 'loading' ? (
        <button type="button" className="btn btn--primary btn--block" onPointerEnter={() => void loadChat()} onFocus={() => void loadChat()} onClick={messageSeller}>
          <ChatIcon /> Message Seller
        </button>
      ) : (
        // Visitors: signing in is the way to chat, so the button is that way, and it comes back here with the chat open.
        <Link className="btn btn--primary btn--block" to={`/auth?redirect=${back}`} aria-describedby="message-seller-hint">
          <ChatIcon /> Message Seller
        </Link>
      )}
      {!signedIn && session.status !== 'loading' && (
        <p id="message-seller-hint" className="muted small contact-actions__hint">Chat needs an account: sign in, and the chat opens here.</p>
      )}
      {!isOwner && (
        <button type="button" className="btn btn--outline btn--block" onPointerEnter={() => void loadInquiry()} onFocus={() => void loadInquiry()} onClick={() => openWhenLoaded('inquiry')}>
          <MailIcon /> Contact Seller
        </button>
      )}
      <Suspense fallback={null}>
        {open === 'chat' && uid && (
          <ChatDialog vehicleId={vehicle.id} otherUserId={vehicle.sellerId} me={uid} otherName={vehicle.seller.name} onClose={() => setOpen(null)} />
        )}
        {open === 'inquiry' && <InquiryDialog vehicleId={vehicle.id} vehicleTitle={vehicle.title} user={me.data ?? null} onClose={() => setOpen(null)} />}
      </Suspense>
    </div>
  );
}
