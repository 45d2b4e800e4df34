import { arpaeErDataset } from './arpae-er';
import { arpaeSistemiDataset } from './arpae-sistemi';
import { campaniaRdDataset } from './campania-rd';
import { demoActionsDataset, demoSortingTypesDataset } from './demo';
import { comuniBoundariesDataset, comuniDataset, provincesDataset, regionsDataset } from './geo';
import { ispraComuniDataset } from './ispra-comuni';
import { ispraKpiDataset } from './ispra-kpi';
import { istatCensusDataset } from './istat-census';
import { istatPopolazioneDataset } from './istat-popolazione';
import { ispraStoricoDataset } from './ispra-storico';
import { referenceDataset } from './reference';
import { rvmDataset } from './rvm';
import type { Dataset, DatasetId } from './types';

/** Every dataset the importer knows, in the order they depend on each other. */
export const DATASETS: Record<DatasetId, Dataset<never>> = {
  reference: referenceDataset,
  regions: regionsDataset,
  provinces: provincesDataset,
  comuni: comuniDataset,
  'comuni-boundaries': comuniBoundariesDataset,
  'istat-census': istatCensusDataset,
  'istat-popolazione': istatPopolazioneDataset,
  'ispra-kpi': ispraKpiDataset,
  'ispra-comuni': ispraComuniDataset,
  'ispra-storico': ispraStoricoDataset,
  'arpae-er': arpaeErDataset,
  'campania-rd': campaniaRdDataset,
  'arpae-sistemi': arpaeSistemiDataset,
  'demo-sorting-types': demoSortingTypesDataset,
  'demo-actions': demoActionsDataset,
  rvm: rvmDataset,
} as Record<DatasetId, Dataset<never>>;
