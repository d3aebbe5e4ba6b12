import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

/** The imports staff run from the catalogue screens: POST the CSV as a multipart upload. */
export type CsvImportTarget = 'ahjs' | 'utilities';

export const importCsv = ({ target, file }: { target: CsvImportTarget; file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post<ImportResult>(`/${target}/import`, form);
};

/** A bad file answers 400 with each bad line in args ("Line 3: …"); the dialog lists them. */
export function useCsvImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importCsv,
    meta: { silentError: true },
    onSuccess: (_d, { target }) => qc.invalidateQueries({ queryKey: [target] }),
  });
}
