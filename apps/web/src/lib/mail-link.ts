import type { MAIL_FLOWS } from '../components/shell/auth-flow';

/**
 * The secrets of the mail links (`/?flow=verify-email&key=…`, `?flow=password-reset&uid=…&token=…`,
 * `?flow=email-change&key=…`) leave the address before any script of the page runs, so that no script
 * that reads the address, the tag manager's page view first of all, ever sees them (issue 34, finding
 * 11; decision 069). The root layout writes MAIL_LINK_SCRIPT as the first script of every page's
 * `<head>`: the parser runs it before it reaches Next.js's payload in the body, so before the router
 * reads the address, before hydration and before any effect (the cookie banner's, which loads the tag
 * manager, among them). It takes the flow and its secrets out of the address with
 * `history.replaceState` and leaves them on `window` for the modals, which move them into their own
 * memory at once (takeStashedMailLink). A reload finds the plain page: the link in the mail opens the
 * dialog again, as long as its key is valid.
 */

/** The mail links' flows (auth-flow.ts MAIL_FLOWS) and what they carry. */
export interface MailLink {
  flow: (typeof MAIL_FLOWS)[number];
  key: string | null;
  uid: string | null;
  token: string | null;
}

/** The parts of `window` the script uses (a plain object in the unit test). */
export interface AddressWindow {
  location: { href: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void };
  __portalMailLink?: MailLink;
}

/**
 * Takes a mail link's flow, key, uid and token out of the address (the rest of the query and the hash
 * stay) and leaves them in `w.__portalMailLink`; any other address is left alone. Serialised into an
 * inline script (MAIL_LINK_SCRIPT): it uses nothing but its argument and the browser's globals, and never
 * throws.
 */
export function takeMailLinkFromAddress(w: AddressWindow): void {
  try {
    const url = new URL(w.location.href);
    const params = url.searchParams;
    const flow = params.get('flow');
    if (flow !== 'verify-email' && flow !== 'password-reset' && flow !== 'email-change') return;
    w.__portalMailLink = { flow, key: params.get('key'), uid: params.get('uid'), token: params.get('token') };
    for (const name of ['flow', 'key', 'uid', 'token']) params.delete(name);
    w.history.replaceState(w.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // No URL parser or history (a very old browser): the address stays as it was, the flow still opens.
  }
}

/** The inline script of the root layout: the function above, run on the page's window. */
export const MAIL_LINK_SCRIPT = `(${takeMailLinkFromAddress.toString()})(window)`;

/** The mail link the script took out of the address, once: it no longer stays on `window`. */
export function takeStashedMailLink(w: AddressWindow = window as unknown as AddressWindow): MailLink | null {
  const link = w.__portalMailLink ?? null;
  delete w.__portalMailLink;
  return link;
}
