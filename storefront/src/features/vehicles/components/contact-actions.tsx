import { lazy, Suspense, useState } from 'react';
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

/** Message Seller (in-app chat, signed-in buyers) and Contact Seller (an inquiry, anyone but the seller). */
export function ContactActions({ vehicle }: { vehicle: Vehicle }) {
  const session = useSession();
  const me = useCurrentUser();
  const [open, setOpen] = useState<'chat' | 'inquiry' | null>(null);
  const uid = session.user?.uid ?? null;
  const isOwner = uid !== null && uid === vehicle.sellerId;

  const messageSeller = () => {
    if (session.status !== 'signedIn' || !uid) {
      toast({ title: 'Sign in Required', description: 'Please sign in to send messages to sellers.', variant: 'destructive' });
      return;
    }
    if (isOwner) {
      toast({ title: 'Cannot Message Yourself', description: 'You cannot send messages to your own vehicle listings.', variant: 'destructive' });
      return;
    }
    setOpen('chat');
  };

  return (
    <div className="stack contact-actions">
      <button type="button" className="btn btn--primary btn--block" onPointerEnter={() => void loadChat()} onFocus={() => void loadChat()} onClick={messageSeller}>
        <ChatIcon /> Message Seller
      </button>
      {!isOwner && (
        <button type="button" className="btn btn--outline btn--block" onPointerEnter={() => void loadInquiry()} onFocus={() => void loadInquiry()} onClick={() => setOpen('inquiry')}>
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
