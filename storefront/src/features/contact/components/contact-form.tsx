import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SelectField, TextAreaField, TextField } from '../../../components/field';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { ApiError } from '../../../lib/api-client';
import type { ContactMessageInput, ContactMessageReceipt } from '../../../lib/api-types';
import { CONTACT_LIMITS, CONTACT_TOPICS, characters, topicFrom, validateContact, type ContactField } from '../contact-rules';

export interface ContactFormProps {
  /** A signed-in member's name and email: the email is fixed, since staff answer at the account's address. */
  account: { name: string; email: string } | null;
  /** A topic to start with (?topic=report from a link). */
  initialTopic?: string | null;
  /** A listing to start with (?listing=123 from a listing's page). */
  initialListing?: string | null;
  send: (input: ContactMessageInput) => Promise<ContactMessageReceipt>;
}

/** Contact Us: name, email, topic, message and an optional listing; every mistake beside its field, then a clear confirmation. */
export function ContactForm({ account, initialTopic = null, initialListing = null, send }: ContactFormProps) {
  const initial = {
    name: (account?.name ?? '').slice(0, CONTACT_LIMITS.nameMax),
    email: account?.email ?? '',
    topic: topicFrom(initialTopic),
    message: '',
    listing: (initialListing ?? '').slice(0, CONTACT_LIMITS.listingMax),
  };
  const form = useForm<ContactField>(initial, validateContact);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [sent, setSent] = useState<ContactMessageReceipt | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  const { setValues } = form;

  const field = (name: ContactField) => {
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

  if (sent) {
    return (
      <div className="card stack" role="status">
        <h2 className="h3" ref={confirmation} tabIndex={-1}>Message sent</h2>
        <p>
          Thank you. We have received your message <strong>#{sent.id}</strong>. Our support team will answer you at <strong className="user-text">{sent.email}</strong>; a short
          confirmation email is on its way.
        </p>
        <p className="cta__actions">
          <Link to="/help" className="btn btn--outline">Help Center</Link>
          <button type="button" className="btn btn--outline" onClick={() => { form.reset(); setValues({ ...initial, topic: '', listing: '' }); setSent(null); }}>
            Send another message
          </button>
        </p>
      </div>
    );
  }

  const messageLength = characters(form.values.message);
  return (
    <form
      noValidate
      className="card stack"
      aria-label="Contact Us"
      onSubmit={form.submit(async (values) => {
        try {
          const listing = values.listing.trim();
          const receipt = await send({
            name: values.name.trim(),
            email: (account?.email ?? values.email).trim(),
            topic: values.topic,
            message: values.message.trim(),
            ...(listing ? { listing } : {}),
          });
          setSent(receipt);
        } catch (error) {
          if (error instanceof ApiError) {
            const named = error.fieldErrors();
            setServerErrors(named);
            form.focusFields(Object.keys(named));
          }
          toast({
            title: 'Your message was not sent',
            description: error instanceof ApiError && error.status > 0 ? error.message : 'Check your connection and try again.',
            variant: 'destructive',
          });
        }
      })}
    >
      <TextField label="Your name" autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} {...field('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={CONTACT_LIMITS.emailMax}
        readOnly={!!account}
        hint={account ? 'We answer at your account\'s address.' : 'We answer at this address.'}
        {...field('email')}
      />
      <SelectField label="What is it about?" options={[{ value: '', label: 'Choose a topic' }, ...CONTACT_TOPICS]} {...field('topic')} />
      <TextAreaField
        label="Message"
        rows={6}
        placeholder="Tell us what happened, and what you would like us to do."
        hint={`${messageLength}/${CONTACT_LIMITS.messageMax}`}
        {...field('message')}
      />
      <TextField
        label="Listing (optional)"
        inputMode="url"
        maxLength={CONTACT_LIMITS.listingMax}
        placeholder="https://…/vehicles/123 or 123"
        hint="If your message is about a listing, paste its link or number."
        {...field('listing')}
      />
      <div className="form-actions">
        <SubmitButton className="btn btn--primary" disabled={form.busy}>
          {form.busy ? 'Sending...' : 'Send Message'}
        </SubmitButton>
      </div>
    </form>
  );
}
