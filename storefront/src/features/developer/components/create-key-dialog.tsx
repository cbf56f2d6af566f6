import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import { SCOPES } from '../labels';
import type { ApiKeyScope, NewApiKey } from '../../../lib/api-types';
import { ChoiceBoxes } from './choice-boxes';
import { FormProblem, problemOf, type Problem } from './form-problem';
import { SecretOnce } from './secret-once';

const KEY_NAME_MAX = 60;

function checkKeyName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return 'Give the key a name, such as “Inventory sync”';
  if ([...name].length > KEY_NAME_MAX) return `The name is at most ${KEY_NAME_MAX} characters`;
  return undefined;
}

type Errors = Partial<Record<'name' | 'scopes', string>>;

/** Create key: a name and its permissions, then the secret, shown this once. */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  // Reading is the least a key can do: the one permission given unless the seller asks for more.
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['listings:read']);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const scopeGroup = useRef<HTMLFieldSetElement>(null);

  const showErrors = (found: Errors) => {
    setErrors(found);
    if (found.name) nameField.current?.focus();
    else if (found.scopes) scopeGroup.current?.querySelector('input')?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const found: Errors = { name: checkKeyName(name), scopes: scopes.length === 0 ? 'Choose at least one permission' : undefined };
    setProblem(null);
    if (found.name || found.scopes) return showErrors(found);
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), scopes }));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (fields.name || fields.scopes) return showErrors({ name: fields.name, scopes: fields.scopes });
      setProblem(problemOf(err));
    }
  };

  return (
    <Modal label={created ? 'Your new API key' : 'Create an API key'} onClose={onClose} className="modal developer-dialog">
      {created ? (
        <SecretOnce heading={`Your new key “${created.name}”`} label="Your API key" secret={created.secret} onDone={onClose}>
          <p className="muted small">Send it as <code className="developer-code">Authorization: Bearer &lt;key&gt;</code>. Keep it out of websites and apps others can open.</p>
        </SecretOnce>
      ) : (
        <form noValidate className="stack" onSubmit={(e) => void submit(e)}>
          <div className="dialog-head">
            <h2 className="h3">Create an API key</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <TextField
            ref={nameField}
            label="Name"
            name="name"
            autoComplete="off"
            value={name}
            hint={`What the key is for, such as “Inventory sync”. Up to ${KEY_NAME_MAX} characters.`}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
          <ChoiceBoxes
            ref={scopeGroup}
            legend="Permissions"
            options={SCOPES}
            chosen={scopes}
            error={errors.scopes}
            onChange={(next) => {
              setScopes(next);
              setErrors((current) => ({ ...current, scopes: undefined }));
            }}
          />
          {problem && <FormProblem problem={problem} notVerifiedText="API keys are for verified sellers: verify your phone or your dealership in Verification first." />}
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton className="btn btn--primary" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create key'}
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}
