import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/field';
import { PhoneField } from '../../../components/phone-field';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { User } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';
import { checkPhone, formatPhone, phoneToE164 } from '../../../lib/phone';
import { emulatorCodesUrl, type PhoneCodeSent, sendPhoneCode } from '../../auth/actions';
import { phoneErrorMessage } from '../../auth/auth-errors';
import { useConfirmVerifiedPhone } from '../api/confirm-verified-phone';
import { useSubmitDealer } from '../api/submit-dealer';

/** Profile → Verification: a phone verified by SMS, and the verified dealer badge. */
export function VerificationTab({ user }: { user: User }) {
  return (
    <div className="stack">
      <PhoneVerification user={user} />
      <DealerVerification user={user} />
    </div>
  );
}

type PhoneStep = { step: 'idle' } | { step: 'number' } | { step: 'code'; phone: string; sent: PhoneCodeSent };

function PhoneVerification({ user }: { user: User }) {
  const [state, setState] = useState<PhoneStep>({ step: 'idle' });
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const recaptcha = useRef<HTMLDivElement | null>(null);
  const confirm = useConfirmVerifiedPhone();
  const devCodes = useEmulatorCodesUrl();

  const start = () => {
    setNumber(user.verifiedPhone ? '' : user.phone ? formatPhone(user.phone) : '');
    setCode('');
    setError(undefined);
    setState({ step: 'number' });
  };

  const send = async () => {
    const problem = checkPhone(number) ?? (number.trim() ? undefined : 'Enter your phone number');
    const e164 = phoneToE164(number);
    if (problem || !e164) return setError(problem ?? 'Enter your phone number');
    if (e164 === user.verifiedPhone) return setError('This number is already verified on your account.');
    setBusy(true);
    setError(undefined);
    try {
      const sent = await sendPhoneCode(e164, recaptcha.current!);
      setCode('');
      setState({ step: 'code', phone: e164, sent });
    } catch (err) {
      setError(phoneErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (state.step !== 'code') return;
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from the SMS.');
    setBusy(true);
    setError(undefined);
    try {
      await state.sent.confirm(code);
      await confirm.mutateAsync();
      toast({ title: 'Phone verified', description: `Buyers now see ${formatPhone(state.phone)} and "Phone verified" on your listings.` });
      setState({ step: 'idle' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : phoneErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="verify-phone-heading">
      <div className="section-head">
        <h2 id="verify-phone-heading" className="h3">Verify your phone</h2>
        {state.step === 'idle' && (
          <button type="button" className="btn btn--outline btn--sm" onClick={start}>
            {user.verifiedPhone ? 'Change number' : 'Verify phone'}
          </button>
        )}
      </div>
      {user.verifiedPhone ? (
        <p>
          <span className="tag tag--verified">Phone verified</span> {formatPhone(user.verifiedPhone)}. Buyers who contact you about a listing get this number.
        </p>
      ) : (
        <p className="muted small">We send a code by SMS. Once you enter it, your listings show “Phone verified” and buyers call this number.</p>
      )}
      {state.step === 'number' && (
        <form noValidate className="stack" onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <PhoneField label="Phone number" placeholder="0803 555 1234" value={number} onChange={(e) => setNumber(e.target.value)} error={error} autoFocus />
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={() => setState({ step: 'idle' })}>Cancel</button>
            <SubmitButton className="btn btn--primary" disabled={busy}>{busy ? 'Sending...' : 'Send code'}</SubmitButton>
          </div>
        </form>
      )}
      {state.step === 'code' && (
        <form noValidate className="stack" onSubmit={(e) => { e.preventDefault(); void verify(); }}>
          <p className="small">We sent a 6-digit code to {formatPhone(state.phone)}.</p>
          <TextField
            label="Code from the SMS" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, () => ''))} error={error} autoFocus
          />
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={start}>Use another number</button>
            <SubmitButton className="btn btn--primary" disabled={busy}>{busy ? 'Checking...' : 'Verify'}</SubmitButton>
          </div>
        </form>
      )}
      {state.step !== 'idle' && devCodes && (
        <p className="dev-note small">
          Development: the Auth emulator sends no SMS. Its codes are listed at <a href={devCodes} target="_blank" rel="noreferrer">{devCodes}</a>.
        </p>
      )}
      <div ref={recaptcha} />
    </section>
  );
}

function useEmulatorCodesUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void emulatorCodesUrl().then((found) => current && setUrl(found), () => undefined);
    return () => {
      current = false;
    };
  }, []);
  return url;
}

const CAC_HINT = 'RC and digits for a company (RC 1234567), BN and digits for a business name (BN 3456789), as on your CAC certificate.';
const STATUS_TEXT = { pending: 'Waiting for our team to check it', verified: 'Verified dealer', rejected: 'Not verified' } as const;

function DealerVerification({ user }: { user: User }) {
  const request = user.dealerRequest;
  const [editing, setEditing] = useState(false);
  const [businessName, setBusinessName] = useState('');
  const [cacNumber, setCacNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitDealer();

  const open = () => {
    setBusinessName(request?.businessName ?? '');
    setCacNumber(request?.cacNumber ?? '');
    setErrors({});
    setEditing(true);
  };

  const save = async () => {
    const local: Record<string, string> = {};
    if (businessName.trim().length < 2) local.businessName = 'Enter your business name as registered with the CAC';
    if (!/^\s*(RC|BN)[\s-]*\d{1,8}\s*$/i.test(cacNumber)) local.cacNumber = 'Enter RC or BN followed by the digits of your registration, like RC 1234567';
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await submit.mutateAsync({ businessName: businessName.trim(), cacNumber: cacNumber.trim() });
      toast({ title: 'Sent for verification', description: 'Our team checks your registration with the CAC, usually within two working days.' });
      setEditing(false);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors());
      toast({ title: 'Not sent', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <section className="card stack" aria-labelledby="dealer-heading">
      <div className="section-head">
        <h2 id="dealer-heading" className="h3">Dealer verification</h2>
        {!editing && (
          <button type="button" className="btn btn--outline btn--sm" onClick={open}>
            {request ? 'Change details' : 'Apply'}
          </button>
        )}
      </div>
      {request ? (
        <div className="stack">
          <p>
            <span className={request.status === 'verified' ? 'tag tag--verified' : 'tag'}>{STATUS_TEXT[request.status]}</span>{' '}
            <span className="user-text">{request.businessName}</span> · {request.cacNumber}
          </p>
          {request.status === 'pending' && <p className="muted small">Sent {formatDate(request.submittedAt)}. Your listings show “Verified dealer” once our team has checked it.</p>}
          {request.status === 'rejected' && (
            <p className="small" role="status">
              Our team could not verify it: <span className="user-text">{request.rejectionReason}</span>. Correct the details and send them again.
            </p>
          )}
          {request.status === 'verified' && <p className="muted small">Changing the business name or number sends it back for checking, and the badge is off until then.</p>}
        </div>
      ) : (
        <p className="muted small">Registered with the Corporate Affairs Commission? Your listings and seller page can show “Verified dealer” with your business name.</p>
      )}
      {editing && (
        <form noValidate className="stack" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <TextField label="Business name" autoComplete="organization" value={businessName} onChange={(e) => setBusinessName(e.target.value)} error={errors.businessName} hint="As on your CAC certificate" />
          <TextField label="CAC registration number" value={cacNumber} onChange={(e) => setCacNumber(e.target.value)} error={errors.cacNumber} hint={CAC_HINT} autoCapitalize="characters" />
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={() => setEditing(false)}>Cancel</button>
            <SubmitButton className="btn btn--primary" disabled={submit.isPending}>{submit.isPending ? 'Sending...' : 'Send for verification'}</SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
