'use client';

import { messages } from '../../lib/messages';
import { accountMessages } from '../account/messages';
import type { AuthFlow } from './auth-flow';
import { LoginForm } from './login-form';
import {
  AccountDeletedNotice,
  EmailChangePanel,
  PasswordResetForm,
  VerifyEmailPanel,
} from './mail-link-flows';
import { Modal } from './modal';
import { PasswordForgottenForm } from './password-forgotten-form';
import { SignupForm } from './signup-form';

export interface ModalState {
  flow: AuthFlow;
  key?: string;
  uid?: string;
  token?: string;
  next?: string | null;
}

const TITLES: Record<AuthFlow, string> = {
  login: messages.modal.login.title,
  signup: messages.modal.signup.title,
  passwordforgotten: messages.modal.passwordForgotten.title,
  'verify-email': messages.modal.verifyEmail.title,
  'password-reset': messages.modal.passwordReset.title,
  'email-change': accountMessages.emailChangeFlow.title,
  'account-deleted': accountMessages.deletedFlow.title,
};

/** The open modal of AuthModalsProvider with its form; loaded on demand (next/dynamic) when a modal opens. */
export function AuthModal({
  state,
  onClose,
  onSignedIn,
  switchTo,
}: {
  state: ModalState;
  onClose(): void;
  onSignedIn(): void;
  switchTo(flow: AuthFlow): void;
}) {
  return (
    <Modal title={TITLES[state.flow]} onClose={onClose} testId={`modal-${state.flow}`}>
      {state.flow === 'login' ? <LoginForm onSignedIn={onSignedIn} switchTo={switchTo} /> : null}
      {state.flow === 'signup' ? <SignupForm switchTo={switchTo} /> : null}
      {state.flow === 'passwordforgotten' ? <PasswordForgottenForm switchTo={switchTo} /> : null}
      {state.flow === 'verify-email' ? (
        <VerifyEmailPanel verificationKey={state.key ?? ''} switchTo={switchTo} onClose={onClose} />
      ) : null}
      {state.flow === 'password-reset' ? (
        <PasswordResetForm uid={state.uid ?? ''} token={state.token ?? ''} switchTo={switchTo} />
      ) : null}
      {state.flow === 'email-change' ? (
        <EmailChangePanel changeKey={state.key ?? ''} switchTo={switchTo} />
      ) : null}
      {state.flow === 'account-deleted' ? <AccountDeletedNotice onClose={onClose} /> : null}
    </Modal>
  );
}
