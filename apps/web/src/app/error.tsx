'use client';

import { ErrorMessage } from '../components/error-message';
import { messages } from '../lib/messages';

/** Shown inside the shell when a page fails to render, e.g. when the API is unreachable. */
export default function ErrorPage({ retry }: { error: unknown; retry: () => void }) {
  return (
    <>
      <h1>{messages.errors.title}</h1>
      <ErrorMessage>
        <button type="button" className="button" onClick={() => retry()}>
          {messages.errors.retry}
        </button>
      </ErrorMessage>
    </>
  );
}
