import { describe, expect, it } from 'vitest';
import { MAIL_FLOWS } from '../components/shell/auth-flow';
import {
  MAIL_LINK_SCRIPT,
  takeMailLinkFromAddress,
  takeStashedMailLink,
  type AddressWindow,
} from './mail-link';

/** A window with an address and a history that records what replaceState wrote. */
function fakeWindow(href: string) {
  const written: string[] = [];
  const w: AddressWindow = {
    location: { href },
    history: {
      state: { kept: true },
      replaceState(data, _unused, url) {
        expect(data).toEqual({ kept: true });
        written.push(url);
        w.location.href = new URL(url, href).href;
      },
    },
  };
  return { w, written };
}

/** The function itself, and the inline script exactly as the root layout writes it into every page. */
const RUNS = {
  function: (w: AddressWindow) => takeMailLinkFromAddress(w),
  'inline script': (w: AddressWindow) => new Function('window', MAIL_LINK_SCRIPT)(w) as void,
};

describe('the mail links leave the address (issue 34, finding 11)', () => {
  for (const [name, run] of Object.entries(RUNS)) {
    it(`${name}: takes the flow and its secrets out, keeps the rest of the address`, () => {
      const reset = fakeWindow(
        'https://portale.example.it/?regione=05&flow=password-reset&uid=MQ&token=abc-123#main',
      );
      run(reset.w);
      expect(reset.written).toEqual(['/?regione=05#main']);
      expect(reset.w.__portalMailLink).toEqual({
        flow: 'password-reset',
        key: null,
        uid: 'MQ',
        token: 'abc-123',
      });

      const verify = fakeWindow('https://portale.example.it/?flow=verify-email&key=k3y');
      run(verify.w);
      expect(verify.written).toEqual(['/']);
      expect(verify.w.location.href).toBe('https://portale.example.it/');
      expect(takeStashedMailLink(verify.w)).toEqual({
        flow: 'verify-email',
        key: 'k3y',
        uid: null,
        token: null,
      });
      // Taken once: no longer on window.
      expect(takeStashedMailLink(verify.w)).toBeNull();
      expect('__portalMailLink' in verify.w).toBe(false);
    });

    it(`${name}: every mail flow, and only those`, () => {
      for (const flow of MAIL_FLOWS) {
        const { w, written } = fakeWindow(`https://portale.example.it/glossario?flow=${flow}&key=s`);
        run(w);
        expect(written, flow).toEqual(['/glossario']);
        expect(w.__portalMailLink?.flow).toBe(flow);
      }
      // The modals of SPEC §4 carry no secret: their address stays (closing the modal drops it).
      for (const href of [
        'https://portale.example.it/?flow=login&next=%2Fprofilo',
        'https://portale.example.it/?flow=signup',
        'https://portale.example.it/?key=not-a-mail-link',
        'https://portale.example.it/contatti',
      ]) {
        const { w, written } = fakeWindow(href);
        run(w);
        expect(written, href).toEqual([]);
        expect(w.__portalMailLink).toBeUndefined();
      }
    });

    it(`${name}: never throws`, () => {
      const broken = {
        location: { href: 'not a url' },
        history: { state: null, replaceState: () => {} },
      } as AddressWindow;
      expect(() => run(broken)).not.toThrow();
    });
  }
});
