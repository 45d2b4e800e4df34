import 'server-only';
import { NamedItemListSchema, WasteFractionListSchema } from '@portal/contract';
import { apiGet } from '../../lib/api.server';
import { BASE_TERMS, formatEerCode, type GlossaryGroup, type GlossaryTerm } from './glossary-terms';
import { glossaryMessages as t } from './messages';

/** What each fraction holds (the names, colours and EER codes come from the API). */
const FRACTION_NOTES: Record<string, string> = {
  umido: 'Scarti di cucina e avanzi di cibo, raccolti per produrre compost e biogas.',
  verde: 'Sfalci d’erba, foglie e potature di giardini e parchi.',
  'carta-cartone': 'Giornali, riviste, fogli e imballaggi di carta e cartone.',
  vetro: 'Bottiglie, vasetti e altri contenitori di vetro.',
  legno: 'Mobili, pallet, cassette e altri oggetti e imballaggi di legno.',
  metallo: 'Lattine, scatolette, barattoli e altri oggetti e imballaggi metallici.',
  plastica: 'Bottiglie, flaconi, vaschette, pellicole e altri imballaggi di plastica.',
  raee: 'Apparecchiature elettriche ed elettroniche a fine vita: elettrodomestici, computer, telefoni, lampadine.',
  tessili: 'Abiti, scarpe, borse e altri prodotti tessili usati.',
  selettiva: 'Rifiuti urbani pericolosi raccolti in contenitori dedicati: pile, batterie, farmaci scaduti.',
  'costruzione-demolizione':
    'Piccoli quantitativi di inerti da lavori domestici (mattoni, piastrelle, calcinacci).',
  spazzamento: 'I residui della pulizia delle strade avviati a recupero.',
  ingombranti: 'Rifiuti voluminosi (materassi, divani, arredi) avviati a recupero.',
  altro: 'Le altre raccolte separate che non rientrano nelle frazioni precedenti.',
};

export interface GlossaryData {
  groups: GlossaryGroup[];
  /** The reference lists could not be read: only the fixed terms are shown. */
  partial: boolean;
}

export async function loadGlossary(): Promise<GlossaryData> {
  const [fractions, types, categories] = await Promise.all([
    apiGet('/api/waste-sorting/fractions/', WasteFractionListSchema).catch(
      (e: unknown) => (console.error(e), null),
    ),
    apiGet('/api/waste-sorting/types/', NamedItemListSchema).catch((e: unknown) => (console.error(e), null)),
    apiGet('/api/actions/categories/', NamedItemListSchema).catch((e: unknown) => (console.error(e), null)),
  ]);
  const groups: GlossaryGroup[] = [{ id: 'concetti', title: t.groups.concepts, terms: BASE_TERMS }];
  if (fractions) {
    groups.push({
      id: 'frazioni',
      title: t.groups.fractions,
      terms: fractions.map((f): GlossaryTerm => ({
        id: `frazione-${f.id}`,
        term: f.name,
        color: f.color,
        eerCodes: f.eerCodes.map(formatEerCode),
        definition: [FRACTION_NOTES[f.id] ?? t.fractionFallback],
        seeAlso: ['codici-eer'],
      })),
    });
  }
  if (types) {
    groups.push({
      id: 'modalita',
      title: t.groups.modes,
      terms: types.map((m): GlossaryTerm => ({ id: m.id, term: m.name, definition: [m.description] })),
    });
  }
  if (categories) {
    groups.push({
      id: 'azioni',
      title: t.groups.actions,
      terms: categories.map((c): GlossaryTerm => ({
        id: `prevenzione-${c.id}`,
        term: c.name,
        definition: [c.description],
        seeAlso: ['prevenzione'],
      })),
    });
  }
  return { groups, partial: !fractions || !types || !categories };
}
