import type { ReactNode } from 'react';
import { messages } from '../lib/messages';

/** The generic error of SPEC §8, announced to screen readers. */
export function ErrorMessage({ children }: { children?: ReactNode }) {
  return (
    <div className="error-message" role="alert">
      <p>{messages.errors.generic}</p>
      {children}
    </div>
  );
}
