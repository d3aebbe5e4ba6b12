import type { GridColDef } from '@mui/x-data-grid';
import type { Ahj } from '@sunstamp/domain/contracts/catalogue';
import { useAhjs } from '../../../lib/api/ahjs.api.ts';
import { AhjDialog } from '../components/ahj.dialog.tsx';
import { DirectoryPage } from '../components/directory.page.tsx';

const AHJ_COLUMNS_HINT =
  'name, state, jurisdiction_type (required), ibc, irc, iebc, asce, electrical, fire, wind_speed_mph, ground_snow_load_psf, exposure_category, min_design_temp_c, seismic_design_category, stamp_type, required_reviews, notes';

const COLUMNS: GridColDef<Ahj>[] = [
  { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 180 },
  { field: 'state', headerName: 'State', width: 80 },
  { field: 'jurisdiction_type', headerName: 'Type', width: 100 },
  {
    field: 'codes', headerName: 'Codes', flex: 1, minWidth: 200, sortable: false,
    valueGetter: (_v, r) => [r.ibc && `IBC ${r.ibc}`, r.irc && `IRC ${r.irc}`, r.electrical && `NEC ${r.electrical}`].filter(Boolean).join(' · ') || 'Not known',
  },
  { field: 'wind_speed_mph', headerName: 'Wind (mph)', width: 110, type: 'number' },
  { field: 'ground_snow_load_psf', headerName: 'Snow (psf)', width: 110, type: 'number' },
  { field: 'stamp_type', headerName: 'Stamp', width: 90, valueFormatter: (v: string | null) => (v ? (v === 'wet' ? 'Wet' : 'Digital') : '') },
];

/** /ahjs (staff): authorities having jurisdiction, their adopted codes and design criteria. */
export function AhjsPage() {
  return (
    <DirectoryPage<Ahj>
      title="AHJs"
      subtitle="Authorities having jurisdiction: adopted codes and design criteria. Their requirements are set on the Requirements page."
      noun="AHJ"
      nounPlural="AHJs"
      searchPlaceholder="Search AHJs by name"
      useList={useAhjs}
      columns={COLUMNS}
      renderDialog={(row, onClose) => <AhjDialog ahj={row} onClose={onClose} />}
      importTarget="ahjs"
      importColumns={AHJ_COLUMNS_HINT}
      importMatchRule="same name and state"
    />
  );
}
