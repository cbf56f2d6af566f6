import { CheckIcon } from './icons';

interface SellerBadgesProps {
  phoneVerified?: boolean;
  verifiedDealer?: { businessName: string } | undefined;
  /** List items inside a seller page's facts, or tags inside a paragraph on a seller card. */
  as?: 'li' | 'span';
}

/** What the marketplace has checked about a seller: a phone verified by SMS, a business registration verified by staff. */
export function SellerBadges({ phoneVerified, verifiedDealer, as = 'span' }: SellerBadgesProps) {
  const Tag = as;
  return (
    <>
      {verifiedDealer && (
        <Tag className="tag tag--verified tag--dealer">
          <CheckIcon width={14} height={14} aria-hidden="true" /> Verified dealer<span className="visually-hidden">:</span>{' '}
          <span className="user-text">{verifiedDealer.businessName}</span>
        </Tag>
      )}
      {phoneVerified && (
        <Tag className="tag tag--verified">
          <CheckIcon width={14} height={14} aria-hidden="true" /> Phone verified
        </Tag>
      )}
    </>
  );
}
