/** Italian strings of the flags of figures anomalous in the source (docs/decisions/070). */
export const sourceAnomalyMessages = {
  intro:
    'Il valore è quello pubblicato dalla fonte, non corretto: il portale lo segnala perché non è plausibile e lo esclude dalle classifiche e dai comuni simili.',
  otherYears: (years: string) => `Dato anomalo nella fonte anche per: ${years}.`,
};
