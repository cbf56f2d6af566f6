import { useState } from 'react';
import { TextField } from '../../../components/field';
import { PhoneField } from '../../../components/phone-field';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { ApiError } from '../../../lib/api-client';
import type { User } from '../../../lib/api-types';
import { checkPhone, formatPhone, phoneToE164 } from '../../../lib/phone';
import { checkFirstName, checkLastName } from '../../auth/validation';
import { useUpdateProfile } from '../api/update-profile';
import { SubmitButton } from '../../../components/submit-button';

type ProfileField = 'firstName' | 'lastName' | 'phone';

function validateProfile(v: Record<ProfileField, string>): Partial<Record<ProfileField, string>> {
  const errors = { firstName: checkFirstName(v.firstName), lastName: checkLastName(v.lastName), phone: checkPhone(v.phone) };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

export function SettingsTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const initial = { firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ? formatPhone(user.phone) : '' };
  const form = useForm<ProfileField>(initial, validateProfile);
  const update = useUpdateProfile();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  return (
    <section className="card stack" aria-labelledby="settings-heading">
      <div className="section-head">
        <h2 id="settings-heading" className="h3">Profile settings</h2>
        {!editing && (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => { form.setValues(initial); setEditing(true); }}>
            Edit Profile
          </button>
        )}
      </div>
      <form
        noValidate
        className="stack"
        onSubmit={form.submit(async (values) => {
          try {
            await update.mutateAsync({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: phoneToE164(values.phone) });
            toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
            setServerErrors({});
            setEditing(false);
          } catch (error) {
            if (error instanceof ApiError) {
              const named = error.fieldErrors();
              setServerErrors(named);
              form.focusFields(Object.keys(named));
            }
            toast({ title: 'Update Failed', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
          }
        })}
      >
        <div className="grid-2">
          <TextField label="First name" autoComplete="given-name" readOnly={!editing} {...form.field('firstName')} error={serverErrors.firstName ?? form.field('firstName').error} />
          <TextField label="Last name" autoComplete="family-name" readOnly={!editing} {...form.field('lastName')} error={serverErrors.lastName ?? form.field('lastName').error} />
        </div>
        <PhoneField label="Phone" placeholder="0803 555 1234" readOnly={!editing} {...form.field('phone')} error={serverErrors.phone ?? form.field('phone').error} />
        <TextField label="Email" type="email" value={user.email ?? ''} readOnly hint="Email cannot be changed" />
        {editing && (
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={() => { form.reset(); setServerErrors({}); setEditing(false); }}>
              Cancel
            </button>
            <SubmitButton className="btn btn--primary" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </SubmitButton>
          </div>
        )}
      </form>
    </section>
  );
}
