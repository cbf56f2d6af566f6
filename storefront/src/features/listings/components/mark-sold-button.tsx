import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { useMarkSold } from '../api/mark-sold';

/**
 * "Mark as sold", asked first: the sale is final for the seller (the listing leaves search and can
 * no longer be edited), so the question says so, and "Keep it listed" takes the focus.
 */
export function MarkSoldButton({ vehicle, className = 'btn btn--outline btn--sm' }: { vehicle: { id: number; title: string }; className?: string }) {
  const sold = useMarkSold();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<'keep' | 'ask' | null>(null);
  useEffect(() => {
    if (focus === 'keep') keep.current?.focus();
    if (focus === 'ask') ask.current?.focus();
  }, [focus, asking]);

  const confirm = () =>
    sold.mutate(vehicle.id, {
      onSuccess: () => toast({ title: `Marked sold: ${vehicle.title}`, description: 'It is off Browse now. Congratulations on the sale!' }),
      onError: (error) => toast({ title: 'Could not mark it sold', description: error.message, variant: 'destructive' }),
    });

  return (
    <>
      <button
        ref={ask}
        type="button"
        className={className}
        aria-label={`Mark ${vehicle.title} as sold`}
        aria-expanded={asking}
        onClick={() => {
          setAsking(true);
          setFocus('keep');
        }}
      >
        Mark as sold
      </button>
      {asking && (
        <div className="notice notice--warning mark-sold__confirm" role="group" aria-label={`Mark ${vehicle.title} as sold?`}>
          <p>Mark “{vehicle.title}” as sold? It leaves Browse for good and can no longer be edited. Its chats stay open.</p>
          <span className="mark-sold__actions">
            <button type="button" className="btn btn--primary btn--sm" disabled={sold.isPending} onClick={confirm}>
              {sold.isPending ? 'Marking...' : 'Yes, it is sold'}
            </button>
            <button
              ref={keep}
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                setAsking(false);
                setFocus('ask');
              }}
            >
              Keep it listed
            </button>
          </span>
        </div>
      )}
    </>
  );
}
