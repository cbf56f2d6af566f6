import { useRef, useState } from 'react';
import { TextAreaField, TextField } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { PhoneField } from '../../../components/phone-field';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { KEPT_FOR_LATER } from '../../../lib/outbox';
import type { User } from '../../../lib/api-types';
import { formatPhone, phoneToE164 } from '../../../lib/phone';
import { useSendInquiry } from '../api/send-inquiry';
import { INQUIRY_LIMITS, validateInquiry, type InquiryField } from '../inquiry-rules';

export interface InquiryDialogProps {
  vehicleId: number;
  vehicleTitle: string;
  /** The signed-in user, whose name, email and phone fill the form; null for visitors. */
  user: User | null;
  onClose: () => void;
}

const nameOf = (user: User | null) => (user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || (user.displayName ?? '') : '');

/** Contact Seller: an inquiry the seller receives with the buyer's name, email and phone. */
export default function InquiryDialog({ vehicleId, vehicleTitle, user, onClose }: InquiryDialogProps) {
  const form = useForm<InquiryField>(
    { buyerName: nameOf(user).slice(0, INQUIRY_LIMITS.nameMax), buyerEmail: user?.email ?? '', buyerPhone: user?.phone ? formatPhone(user.phone) : '', message: '' },
    validateInquiry,
  );
  const send = useSendInquiry(vehicleId);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});

  const field = (name: InquiryField) => {
    const props = form.field(name);
    return {
      ...props,
      error: serverErrors[name] ?? props.error,
      onChange: (e: Parameters<typeof props.onChange>[0]) => {
        props.onChange(e);
        setServerErrors(({ [name]: _gone, ...rest }) => rest);
      },
    };
  };

  return (
    <Modal label="Contact Seller" onClose={onClose} className="modal inquiry-dialog">
      <div className="section-head">
        <h2 className="h3">Contact Seller</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <p className="muted small user-text">About: {vehicleTitle}</p>
      <form
        noValidate
        className="stack"
        onSubmit={form.submit(async (values) => {
          const input = {
            vehicleId,
            buyerName: values.buyerName.trim(),
            buyerEmail: values.buyerEmail.trim(),
            buyerPhone: phoneToE164(values.buyerPhone) ?? values.buyerPhone.trim(),
            message: values.message.trim(),
          };
          // The same inquiry sent again (its answer lost to the network) keeps its key: it reaches the seller once.
          const body = JSON.stringify(input);
          if (sent.current?.body !== body) sent.current = { body, key: newIdempotencyKey() };
          try {
            const answer = await send.mutateAsync({ input, key: sent.current.key });
            if (answer === KEPT_FOR_LATER) toast({ title: 'Inquiry waiting to send', description: 'No signal right now: it goes to the seller as soon as you are back online.' });
            else toast({ title: 'Inquiry Sent Successfully!', description: 'The seller will receive your message and contact you soon.' });
            form.reset();
            onClose();
          } catch (error) {
            if (error instanceof ApiError) {
              const named = error.fieldErrors();
              setServerErrors(named);
              form.focusFields(Object.keys(named));
            }
            toast({ title: 'Error Sending Inquiry', description: error instanceof ApiError && error.status > 0 ? error.message : 'Failed to send inquiry. Please try again.', variant: 'destructive' });
          }
        })}
      >
        <TextField label="Your name" autoComplete="name" maxLength={INQUIRY_LIMITS.nameMax} {...field('buyerName')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={INQUIRY_LIMITS.emailMax} {...field('buyerEmail')} />
        <PhoneField label="Phone" placeholder="0803 555 1234" {...field('buyerPhone')} />
        <TextAreaField
          label="Message"
          rows={4}
          maxLength={INQUIRY_LIMITS.messageMax}
          placeholder="I'm interested in this vehicle. Is it still available?"
          hint={`${form.values.message.length}/${INQUIRY_LIMITS.messageMax}`}
          {...field('message')}
        />
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton className="btn btn--primary" disabled={form.busy}>
            {form.busy ? 'Sending...' : 'Send Inquiry'}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
