import { QUICK_ACTIONS, quickActionText } from '../chat-rules';

/** Ready-made openings about the car that fill the message box (they do not send). */
export function QuickActions({ vehicleTitle, onPick }: { vehicleTitle: string; onPick: (text: string) => void }) {
  return (
    <div className="quick-actions" role="group" aria-label="Quick actions">
      {QUICK_ACTIONS.map((action) => (
        <button key={action.label} type="button" className="btn btn--outline btn--sm" onClick={() => onPick(quickActionText(action, vehicleTitle))}>
          {action.label}
        </button>
      ))}
    </div>
  );
}
