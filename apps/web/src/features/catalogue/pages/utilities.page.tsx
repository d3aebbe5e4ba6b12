import type { GridColDef } from '@mui/x-data-grid';
import type { Utility } from '@sunstamp/domain/contracts/catalogue';
import { useUtilities } from '../../../lib/api/utilities.api.ts';
import { DirectoryPage } from '../components/directory.page.tsx';
import { UtilityDialog } from '../components/utility.dialog.tsx';

const COLUMNS: GridColDef<Utility>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  { field: 'states', headerName: 'States', flex: 0.8, minWidth: 140, sortable: false, valueGetter: (_v, r) => r.states.join(', ') },
  { field: 'notes', headerName: 'Notes', flex: 1.4, minWidth: 200, sortable: false },
];

/** /utilities (staff): electric utilities and the states they serve. */
export function UtilitiesPage() {
  return (
    <DirectoryPage<Utility>
      title="Utilities"
      subtitle="Electric utilities and the states they serve. Their requirements are set on the Requirements page."
      noun="utility"
      nounPlural="utilities"
      searchPlaceholder="Search utilities by name or notes"
      useList={useUtilities}
      columns={COLUMNS}
      renderDialog={(row, onClose) => <UtilityDialog utility={row} onClose={onClose} />}
      importTarget="utilities"
      importColumns="name (required), states (separated by ; | or ,), notes"
      importMatchRule="same name"
    />
  );
}
