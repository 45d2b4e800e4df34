import { LICENSE_TERMS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { termsAndConditions } from './terms-and-conditions';

describe('termsAndConditions', () => {
  it('lists in §4 the commitment the profile asks to accept, between the same words as before', () => {
    const items = LICENSE_TERMS.commitments.map((commitment) => `<li>${commitment}</li>`).join('\n');
    expect(termsAndConditions).toContain(
      `<p>La licenza d'uso è gratuita. Chi la sottoscrive si impegna a:</p>\n<ul>\n${items}\n</ul>\n<p>Il Consorzio esamina le richieste e può revocare la licenza in caso di violazione di questi impegni.</p>`,
    );
    expect(termsAndConditions.match(/<li>/g)).toHaveLength(LICENSE_TERMS.commitments.length);
  });
});
