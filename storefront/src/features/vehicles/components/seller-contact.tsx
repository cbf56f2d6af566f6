import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ChatIcon, MailIcon, PhoneIcon, ShieldIcon } from '../../../components/icons';
import { EmailText, Unbroken } from '../../../components/unbroken';
import type { Vehicle } from '../../../lib/api-types';
import { hasWhatsAppButton, whatsappHref } from '../whatsapp';
import { VerifiedTag } from './badges';
import { RatingBadge } from '../../reviews/components/rating';
import { ApiError } from '../../../lib/api-client';
import { useRevealContact } from '../api/reveal-contact';
import { SellerBadges } from '../../../components/seller-badges';

/**
 * The seller card. Signed-in people see the seller's phone and email with a "Show phone" tap, which
 * the server counts (a daily limit keeps anyone from collecting every seller's number); the seller and
 * staff see them at once. Visitors get a way to sign in; `actions` (chat, inquiry) are for both.
 */
export function SellerContact({ vehicle, signedIn, actions }: { vehicle: Vehicle; signedIn: boolean; actions?: ReactNode }) {
  const location = useLocation();
  const back = encodeURIComponent(location.pathname);
  const { seller } = vehicle;
  return (
    <section className="card seller-card" aria-labelledby="seller-heading">
      <h2 id="seller-heading" className="h4">
        Seller
      </h2>
      <p className="seller-card__name">
        <span className="avatar" aria-hidden="true">
          {seller.name.charAt(0).toUpperCase()}
        </span>
        <span className="user-text">
          <strong>{seller.name}</strong>
        </span>
        {vehicle.isVerified && <VerifiedTag />}
      </p>
      {(seller.phoneVerified || seller.verifiedDealer) && (
        <p className="seller-card__trust small">
          <SellerBadges phoneVerified={seller.phoneVerified} verifiedDealer={seller.verifiedDealer} />
        </p>
      )}
      <p className="seller-card__record small">
        <RatingBadge rating={seller.rating} />
        <Link to={`/sellers/${encodeURIComponent(seller.id)}`} aria-label={`${seller.name}: seller's page and reviews`}>
          Seller’s page and reviews
        </Link>
      </p>
      {actions}
      {signedIn ? (
        <ContactDetailsBlock vehicle={vehicle} />
      ) : (
        <p className="muted small seller-card__sign-in">
          <Link to={`/auth?redirect=${back}`}>Sign in</Link> or <Link to={`/auth?mode=signUp&redirect=${back}`}>create an account</Link> to see
          the seller's phone number and email.
        </p>
      )}
      <p className="seller-card__safety small">
        <ShieldIcon width={16} height={16} /> <span>Meet in a public place and inspect the vehicle before paying. <Link to="/safety">Safety tips</Link></span>
      </p>
    </section>
  );
}

/** The phone, WhatsApp and email buttons once shown; before that, one "Show phone" button. */
function ContactDetailsBlock({ vehicle }: { vehicle: Vehicle }) {
  const reveal = useRevealContact(vehicle.id);
  // The seller (and staff) get the details with the listing; a buyer asks for them.
  const known = vehicle.seller.phone !== undefined || vehicle.seller.email !== undefined
    ? { phone: vehicle.seller.phone ?? null, email: vehicle.seller.email ?? null } : null;
  const contact = known ?? reveal.data ?? null;
  const phone = useShownPhone(contact?.phone ?? null);
  if (!contact) {
    const limited = reveal.error instanceof ApiError && reveal.error.status === 429;
    return (
      <div className="stack">
        <button type="button" className="btn btn--primary btn--block" disabled={reveal.isPending || limited} onClick={() => reveal.mutate()}>
          <PhoneIcon /> {reveal.isPending ? 'Showing…' : 'Show phone and email'}
        </button>
        {reveal.error && (
          <p className="small notice notice--warning" role="alert">{reveal.error.message}</p>
        )}
      </div>
    );
  }
  return (
    <div className="stack" aria-live="polite">
      {phone ? (
        <a className="btn btn--primary btn--block" href={phone.href}>
          <PhoneIcon /> Call <Unbroken>{phone.text}</Unbroken>
        </a>
      ) : (
        <button type="button" className="btn btn--primary btn--block" disabled>
          <PhoneIcon /> No Phone Available
        </button>
      )}
      {phone && hasWhatsAppButton(vehicle) && (
        <a className="btn btn--whatsapp btn--block" href={whatsappHref(phone.international, vehicle, window.location.origin)} target="_blank" rel="noopener noreferrer">
          <ChatIcon /> WhatsApp
        </a>
      )}
      {contact.email ? (
        <a className="btn btn--outline btn--block seller-card__email" href={`mailto:${contact.email}?subject=${encodeURIComponent(`Enquiry: ${vehicle.title}`)}`}>
          <MailIcon /> <EmailText email={contact.email} />
        </a>
      ) : (
        <p className="muted small">Contact via email</p>
      )}
    </div>
  );
}

interface ShownPhone {
  /** As people write it: 0803 555 1234. */
  text: string;
  href: string;
  /** E.164: +2348035551234. */
  international: string;
}

/**
 * The seller's phone as people write it. The phone rules carry libphonenumber's metadata (about 36 kB
 * gzip), so they are fetched only when a signed-in person is shown a number, never for visitors.
 */
function useShownPhone(stored: string | null | undefined): ShownPhone | null {
  const [formatted, setFormatted] = useState<(ShownPhone & { for: string }) | null>(null);
  useEffect(() => {
    if (!stored) return;
    let current = true;
    void import('../../../lib/phone').then(({ formatPhone, phoneHref, phoneToE164 }) => {
      if (current) setFormatted({ for: stored, text: formatPhone(stored), href: phoneHref(stored), international: phoneToE164(stored) ?? stored });
    });
    return () => {
      current = false;
    };
  }, [stored]);
  if (!stored) return null;
  return formatted?.for === stored ? formatted : { text: stored, href: `tel:${stored.replace(/[^\d+]/g, '')}`, international: stored };
}
