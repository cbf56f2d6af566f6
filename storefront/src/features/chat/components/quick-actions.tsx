import { QUICK_ACTIONS, quickActionText } from '../chat-rules';

/** Ready-made openings that fill the message box (they do not send). */
export function QuickActions({ onPick }: { onPick: (text: string) => void }) {
  return (
    <div className="quick-actions" role="group" aria-label="Quick actions">
      {QUICK_ACTIONS.map((action) => (
        <button key={action} type="button" className="btn btn--outline btn--sm" onClick={() => onPick(quickActionText(action))}>
          {action}
        </button>
      ))}
    </div>
  );
}
