import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZImportResult } from '@sunstamp/domain/contracts/catalogue';
import type { QueryValue } from '../../../lib/api-client.ts';
import { callEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The imports staff run from the catalogue screens: POST the CSV as a multipart upload. */
export type CsvImportTarget = 'ahjs' | 'utilities' | 'equipment';

type ImportParams = { target: CsvImportTarget; query?: Record<string, QueryValue> };

/** POST /{ahjs|utilities|equipment}/import (multipart, part `file`): the counts of the rows read. */
const importEndpoint = sendEndpoint('POST', {
  path: ({ target }: ImportParams) => `/${target}/import`,
  query: ({ query }) => query ?? {},
  body: z.custom<FormData>(),
  response: ZImportResult,
});

export const importCsv = ({ target, file, query }: ImportParams & { file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return callEndpoint(importEndpoint, { target, query }, form);
};

/** A bad file answers 400 with each bad line in args ("Line 3: …"); the dialog lists them. */
export function useCsvImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importCsv,
    meta: { silentError: true },
    onSuccess: (_d, { target }) => qc.invalidateQueries({ queryKey: queryKeys[target].all }),
  });
}
