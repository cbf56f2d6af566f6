import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import type { ReportReason } from '../../../lib/api-types';
import { useSession } from '../../auth/session';
import { useSendReport } from '../api/send-report';

const NOTE_MAX = 1000;

/** The reasons, in the order people look for them; tapping one sends the report (two taps in all). */
export const REPORT_REASONS: { value: ReportReason; label: string; hint: string }[] = [
  { value: 'scam', label: 'Scam or fraud', hint: 'Asks for a deposit, a fake payment, a car that does not exist' },
  { value: 'stolen_photos', label: 'Stolen photos', hint: 'The photos are of someone else’s car' },
  { value: 'wrong_details', label: 'Wrong price or details', hint: 'The price, mileage or specifications are not true' },
  { value: 'already_sold', label: 'Already sold', hint: 'The seller says it is no longer available' },
  { value: 'offensive', label: 'Offensive', hint: 'Rude, hateful or not a vehicle' },
  { value: 'other', label: 'Other', hint: 'Tell us in the note' },
];

interface ReportTargetProps {
  target: 'listing' | 'user';
  targetId: string;
  /** What is reported, as people call it: the listing's title or the person's name. */
  name: string;
  className?: string;
}

/** "Report": opens the report dialog; visitors are sent to sign in first. */
export function ReportButton({ target, targetId, name, className = 'btn btn--ghost report-button' }: ReportTargetProps) {
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const label = target === 'listing' ? 'Report this listing' : 'Report this person';
  if (session.status !== 'signedIn') {
    return <Link className={className} to={`/auth?redirect=${encodeURIComponent(location.pathname)}`}>{label}</Link>;
  }
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>{label}</button>
      {open && <ReportDialog target={target} targetId={targetId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ReportDialog({ target, targetId, name, onClose }: ReportTargetProps & { onClose: () => void }) {
  const send = useSendReport();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const headingId = 'report-heading';

  const choose = async (reason: ReportReason) => {
    if (send.isPending) return;
    const trimmed = note.trim();
    if (reason === 'other' && !trimmed) {
      setNoteError('Tell us what is wrong');
      document.getElementById('report-note')?.focus();
      return;
    }
    if ([...trimmed].length > NOTE_MAX) {
      setNoteError(`Keep the note to ${NOTE_MAX} characters or fewer`);
      return;
    }
    setNoteError(null);
    setProblem(null);
    try {
      await send.mutateAsync({ target, targetId, reason, note: trimmed || null });
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ALREADY_REPORTED') setSent(true);
      else if (error instanceof ApiError && error.details.some((d) => d.field.endsWith('note'))) setNoteError(error.fieldErrors().note ?? error.message);
      else setProblem(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <Modal label={target === 'listing' ? 'Report this listing' : 'Report this person'} onClose={onClose}>
      <div className="stack report-dialog" aria-labelledby={headingId}>
        <div className="dialog-head">
          <h2 id={headingId} className="h4">{sent ? 'Thank you' : target === 'listing' ? 'Report this listing' : 'Report this person'}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {sent ? (
          <div className="stack" role="status">
            <p>Our team will look at your report about <strong className="user-text">{name}</strong> and tell you what they decide, in your notifications.</p>
            <p className="small muted">Until then, never pay before you have seen the car and its papers. <Link to="/safety">Safety tips</Link></p>
            <button type="button" className="btn btn--primary" onClick={onClose}>Done</button>
          </div>
        ) : (
          <>
            <p className="small muted">What is wrong with <span className="user-text">{name}</span>? Choose a reason to send your report to our team.</p>
            <label className="field">
              <span className="field__label">Note (optional)</span>
              <textarea
                id="report-note" className="input" rows={2} maxLength={NOTE_MAX + 200} value={note}
                aria-invalid={noteError ? true : undefined} aria-describedby={noteError ? 'report-note-error' : undefined}
                onChange={(e) => setNote(e.target.value)} placeholder="What happened? A link to the real listing helps."
              />
              {noteError && <span id="report-note-error" className="field__error">{noteError}</span>}
            </label>
            <ul className="report-reasons">
              {REPORT_REASONS.map((r) => (
                <li key={r.value}>
                  <button type="button" className="report-reason" disabled={send.isPending} onClick={() => void choose(r.value)}>
                    <strong>{r.label}</strong>
                    <span className="small muted">{r.hint}</span>
                  </button>
                </li>
              ))}
            </ul>
            {problem && <p className="notice notice--danger" role="alert">{problem}</p>}
          </>
        )}
      </div>
    </Modal>
  );
}
