import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@sunstamp/domain/contracts/catalogue';
import { apiClient, type QueryValue } from '../../../lib/api-client.ts';

/** The imports staff run from the catalogue screens: POST the CSV as a multipart upload. */
export type CsvImportTarget = 'ahjs' | 'utilities' | 'equipment';

export const importCsv = ({ target, file, query }: { target: CsvImportTarget; file: File; query?: Record<string, QueryValue> }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post<ImportResult>(`/${target}/import`, form, { query });
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
