import { useEffect, useId, useRef, useState } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { formatPhone, phoneHref } from '../../../lib/phone';
import { useListingInquiries } from '../api/get-listing-inquiries';

/** Profile → Listings: a listing's inquiries, opened on demand. */
export function ListingInquiries({ vehicleId, count, initiallyOpen = false }: { vehicleId: number; count: number; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Opened from a notification: bring it into view.
  useEffect(() => {
    if (initiallyOpen) toggle.current?.scrollIntoView({ block: 'center' });
  }, [initiallyOpen]);
  const inquiries = useListingInquiries(vehicleId, open);
  return (
    <div className="listing-inquiries">
      <button ref={toggle} type="button" className="btn btn--link" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? 'Hide inquiries' : `Inquiries (${count})`}
      </button>
      {open && (
        <div id={panelId}>
          {inquiries.isError ? (
            <ErrorState title="We could not load the inquiries" error={inquiries.error} onRetry={() => void inquiries.refetch()} />
          ) : !inquiries.data ? (
            <Spinner label="Loading inquiries..." />
          ) : inquiries.data.length === 0 ? (
            <EmptyState title="No inquiries yet" />
          ) : (
            <ul className="inquiry-list">
              {inquiries.data.map((q) => (
                <li key={q.id} className="inquiry">
                  <p className="inquiry__who">
                    <strong className="user-text">{q.buyerName}</strong> <span className="muted small">{formatDate(q.createdAt)}</span>
                  </p>
                  <p className="small inquiry__contact">
                    <a href={`mailto:${q.buyerEmail}`} className="user-text">{q.buyerEmail}</a> · <a href={phoneHref(q.buyerPhone)}>{formatPhone(q.buyerPhone)}</a>
                  </p>
                  <p className="pre-line inquiry__message">{q.message}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
