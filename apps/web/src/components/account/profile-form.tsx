'use client';

import { ORGANIZATION_TYPE_LABELS, ORGANIZATION_TYPES, UserSchema, type UserPatch } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import {
  describedBy,
  FormErrors,
  FormField,
  requiredRule,
  SubmitButton,
  SuccessMessage,
} from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';

type ProfileValues = Required<UserPatch>;
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
  } = useForm<ProfileValues>({
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
        <FormField
          id="profile-first-name"
          label={messages.fields.firstName}
          error={errors.firstName}
          required
        >
          <input
            id="profile-first-name"
            autoComplete="given-name"
            required
            {...describedBy('profile-first-name', errors.firstName)}
            {...register('firstName', requiredRule)}
          />
        </FormField>
        <FormField id="profile-last-name" label={messages.fields.lastName} error={errors.lastName} required>
          <input
            id="profile-last-name"
            autoComplete="family-name"
            required
            {...describedBy('profile-last-name', errors.lastName)}
            {...register('lastName', requiredRule)}
          />
        </FormField>
      </div>
      <FormField id="profile-organization" label={messages.fields.organization} error={errors.organization}>
        <input
          id="profile-organization"
          autoComplete="organization"
          {...describedBy('profile-organization', errors.organization)}
          {...register('organization')}
        />
      </FormField>
      <FormField
        id="profile-organization-type"
        label={messages.fields.organizationType}
        error={errors.organizationType}
      >
        <select
          id="profile-organization-type"
          {...describedBy('profile-organization-type', errors.organizationType)}
          {...register('organizationType')}
        >
          {ORGANIZATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {ORGANIZATION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="profile-role" label={messages.fields.role} error={errors.role}>
        <input
          id="profile-role"
          autoComplete="organization-title"
          {...describedBy('profile-role', errors.role)}
          {...register('role')}
        />
      </FormField>
      <FormField id="profile-intended-use" label={messages.fields.intendedUse} error={errors.intendedUse}>
        <textarea
          id="profile-intended-use"
          {...describedBy('profile-intended-use', errors.intendedUse)}
          {...register('intendedUse')}
        />
      </FormField>
      <SubmitButton pending={pending}>{messages.profile.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      {saved ? <SuccessMessage>{messages.success.profileUpdated}</SuccessMessage> : null}
    </form>
  );
}
