import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { AlertChannel, SavedSearchInput } from '../../../lib/api-types';
import { useCurrentUser } from '../../auth/api/sync-user';
import type { BrowseFilters } from '../../vehicles/filters';
import { useSavedSearchProposal } from '../api/propose-saved-search';
import { useSaveSearch } from '../api/save-search';
import { canEmail, criteriaFromFilters, describeCriteria, NAME_MAX, SAVED_SEARCHES_PATH, type AlertEmail } from '../criteria';
import { ChannelChoice } from './channel-choice';
import { EmailAlertNote } from './email-alert-note';

interface SaveSearchDialogProps {
  filters: BrowseFilters;
  onClose: () => void;
}

/**
 * Saves Browse's search under the name the server proposes (or the buyer's own) and the way they want
 * to be told. Two taps: Save Search, then Save. The same search saved again is the one kept already.
 */
export default function SaveSearchDialog({ filters, onClose }: SaveSearchDialogProps) {
  const criteria = useMemo(() => criteriaFromFilters(filters), [filters]);
  const proposal = useSavedSearchProposal(criteria);
  const me = useCurrentUser();
  const save = useSaveSearch();
  const navigate = useNavigate();
  // null until the buyer types: the field shows the proposed name, whenever it arrives.
  const [typed, setTyped] = useState<string | null>(null);
  const [channel, setChannel] = useState<AlertChannel>('instant');
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<{ message: string; limit: boolean } | null>(null);
  const name = typed ?? proposal.data?.name ?? '';
  const email: AlertEmail | null = me.data ? { address: me.data.email, verified: me.data.emailVerified } : null;
  // The proposal refused as too broad: saving would be refused the same way.
  const refused = proposal.error instanceof ApiError && proposal.error.status === 422 ? proposal.error.message : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || refused) return;
    const trimmed = name.trim();
    // Emptied by the buyer: a name is wanted. Never filled (no proposal yet): the server names it.
    if (typed !== null && !trimmed) return setNameError('Give this search a name');
    if (trimmed.length > NAME_MAX) return setNameError(`Keep the name to ${NAME_MAX} characters or fewer`);
    setProblem(null);
    const input: SavedSearchInput = { criteria, channel, ...(trimmed ? { name: trimmed } : {}) };
    try {
      const { search, created } = await save.mutateAsync(input);
      const manage = { label: 'See your saved searches', href: SAVED_SEARCHES_PATH, navigate: (to: string) => navigate(to) };
      toast(
        created
          ? { title: 'Saved. We’ll tell you when a match appears.', description: `“${search.name}” is in Profile → Saved searches.`, action: manage }
          : { title: `Already saved as “${search.name}”`, description: 'You saved this search before; nothing has changed.', action: manage },
      );
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (fields.name) return setNameError(fields.name);
      const limit = err instanceof ApiError && err.code === 'SAVED_SEARCH_LIMIT';
      setProblem({ message: err instanceof Error ? err.message : 'Please try again.', limit });
    }
  };

  return (
    <Modal label="Save this search" onClose={onClose} className="modal save-search-dialog">
      <form noValidate className="stack" onSubmit={(e) => void submit(e)}>
        <div className="dialog-head">
          <h2 className="h3">Save this search</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <p className="muted small user-text save-search-dialog__summary">{describeCriteria(criteria)}</p>
        <TextField
          label="Name"
          name="name"
          maxLength={NAME_MAX}
          autoComplete="off"
          value={name}
          placeholder={proposal.isPending ? 'Finding a name…' : 'Name this search'}
          hint={typed === null && !proposal.data ? 'Leave it empty and we’ll name it for you.' : `Up to ${NAME_MAX} characters.`}
          error={nameError}
          onChange={(e) => {
            setTyped(e.target.value);
            setNameError(undefined);
          }}
        />
        <ChannelChoice value={channel} emailReachable={email === null || canEmail(email)} onChange={setChannel} />
        {email && <EmailAlertNote email={email} />}
        {refused && (
          <p className="notice notice--warning" role="alert">
            {refused}
          </p>
        )}
        {problem && (
          <div className="notice notice--danger" role="alert">
            <p>{problem.message}</p>
            {problem.limit && <Link to={SAVED_SEARCHES_PATH}>Delete one you no longer need</Link>}
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton className="btn btn--primary" disabled={save.isPending || !!refused}>
            {save.isPending ? 'Saving...' : 'Save'}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
