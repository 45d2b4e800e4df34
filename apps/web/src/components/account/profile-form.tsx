'use client';

import {
  ORGANIZATION_TYPE_LABELS,
  ORGANIZATION_TYPES,
  UserPatchSchema,
  UserSchema,
  type UserPatch,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, SelectField, SubmitButton, SuccessMessage, TextField } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';

/** Every profile field is sent; the names may not be emptied. */
const ProfileFormSchema = UserPatchSchema.required();
const ORGANIZATION_TYPE_OPTIONS = ORGANIZATION_TYPES.map((value) => ({
  value,
  label: ORGANIZATION_TYPE_LABELS[value],
}));
const FIELDS = ['firstName', 'lastName', 'organization', 'organizationType', 'role', 'intendedUse'] as const;

/** PATCH /api/auth/user/ with the profile fields; the answer becomes the session's user. */
export function ProfileForm() {
  const { user, setUser } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: contractResolver(ProfileFormSchema),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      organization: user?.organization ?? '',
      organizationType: user?.organizationType ?? '',
      role: user?.role ?? '',
      intendedUse: user?.intendedUse ?? '',
    },
  });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [saved, setSaved] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setSaved(false);
      const updated = await apiRequest('PATCH', '/api/auth/user/', {
        body: values satisfies UserPatch,
        schema: UserSchema,
      });
      setUser(updated);
      reset(values);
      setSaved(true);
    }),
  );

  if (!user) return null;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="page-form"
      aria-labelledby="profile-details-title"
    >
      <h2 id="profile-details-title">{messages.profile.detailsTitle}</h2>
      {/* The address has its own section, with its change (email-change-form.tsx). */}
      <div className="form-row">
        <TextField
          id="profile-first-name"
          label={messages.fields.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName}
          registration={register('firstName')}
        />
        <TextField
          id="profile-last-name"
          label={messages.fields.lastName}
          autoComplete="family-name"
          required
          error={errors.lastName}
          registration={register('lastName')}
        />
      </div>
      <TextField
        id="profile-organization"
        label={messages.fields.organization}
        autoComplete="organization"
        error={errors.organization}
        registration={register('organization')}
      />
      <SelectField
        id="profile-organization-type"
        label={messages.fields.organizationType}
        options={ORGANIZATION_TYPE_OPTIONS}
        error={errors.organizationType}
        registration={register('organizationType')}
      />
      <TextField
        id="profile-role"
        label={messages.fields.role}
        autoComplete="organization-title"
        error={errors.role}
        registration={register('role')}
      />
      <TextField
        id="profile-intended-use"
        label={messages.fields.intendedUse}
        multiline
        error={errors.intendedUse}
        registration={register('intendedUse')}
      />
      <SubmitButton pending={pending}>{messages.profile.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      {saved ? <SuccessMessage>{messages.success.profileUpdated}</SuccessMessage> : null}
    </form>
  );
}
