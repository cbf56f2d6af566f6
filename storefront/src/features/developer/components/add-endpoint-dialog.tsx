import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { API_DOCS_URL, EVENTS } from '../labels';
import type { NewWebhookEndpoint, WebhookEvent } from '../../../lib/api-types';
import { ChoiceBoxes } from './choice-boxes';
import { FormProblem, problemOf, type Problem } from './form-problem';
import { SecretOnce } from './secret-once';

const WEBHOOK_URL_MAX = 2000;
const URL_EXAMPLE = 'https://example.ng/voltmarket/webhooks';

/** https:// and a host: the server refuses anything else, so the seller hears it before sending. */
function checkWebhookUrl(value: string): string | undefined {
  const url = value.trim();
  if (!url) return `Give the full address of your endpoint, such as ${URL_EXAMPLE}`;
  if (!/^https:\/\//i.test(url)) return 'The address must start with https://';
  if (url.length > WEBHOOK_URL_MAX) return `The address is at most ${WEBHOOK_URL_MAX.toLocaleString('en-NG')} characters`;
  try {
    new URL(url);
    return undefined;
  } catch {
    return `Give the full address of your endpoint, such as ${URL_EXAMPLE}`;
  }
}

type Errors = Partial<Record<'url' | 'events', string>>;

/** Add endpoint: an https:// address and the events it wants, then its signing secret, shown this once. */
export function AddEndpointDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<NewWebhookEndpoint | null>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const eventGroup = useRef<HTMLFieldSetElement>(null);

  const showErrors = (found: Errors) => {
    setErrors(found);
    if (found.url) urlField.current?.focus();
    else if (found.events) eventGroup.current?.querySelector('input')?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const found: Errors = { url: checkWebhookUrl(url), events: events.length === 0 ? 'Choose at least one event' : undefined };
    setProblem(null);
    if (found.url || found.events) return showErrors(found);
    try {
      setCreated(await create.mutateAsync({ url: url.trim(), events }));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (fields.url || fields.events) return showErrors({ url: fields.url, events: fields.events });
      setProblem(problemOf(err));
    }
  };

  return (
    <Modal label={created ? 'Your signing secret' : 'Add a webhook endpoint'} onClose={onClose} className="modal developer-dialog">
      {created ? (
        <SecretOnce heading="Endpoint added" label="Signing secret" secret={created.secret} onDone={onClose}>
          <p className="small">
            Check each delivery’s Voltmarket-Signature with it (<a href={API_DOCS_URL} target="_blank" rel="noreferrer">docs<span className="visually-hidden">, opens in a new tab</span></a>).
          </p>
        </SecretOnce>
      ) : (
        <form noValidate className="stack" onSubmit={(e) => void submit(e)}>
          <div className="dialog-head">
            <h2 className="h3">Add a webhook endpoint</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <TextField
            ref={urlField}
            label="Address (URL)"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={URL_EXAMPLE}
            value={url}
            hint="Where we send each event, as a POST. It must start with https://"
            error={errors.url}
            onChange={(e) => {
              setUrl(e.target.value);
              setErrors((current) => ({ ...current, url: undefined }));
            }}
          />
          <ChoiceBoxes
            ref={eventGroup}
            legend="Events"
            options={EVENTS}
            chosen={events}
            error={errors.events}
            onChange={(next) => {
              setEvents(next);
              setErrors((current) => ({ ...current, events: undefined }));
            }}
          />
          {problem && <FormProblem problem={problem} notVerifiedText="Webhooks are for verified sellers: verify your phone or your dealership in Verification first." />}
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton className="btn btn--primary" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add endpoint'}
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
