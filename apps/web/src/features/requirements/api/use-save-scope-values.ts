import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchScopeValues } from './use-scope-values.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/**
 * Saves the changes made to one scope's values (PATCH: set and inherit). Field errors come back
 * beside the fields (the form reads the envelope's args), so the mutation cache's toast is
 * silenced here and the form toasts itself.
 */
export function useSaveScopeValues() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: patchScopeValues,
    meta: { silentError: true },
    onSuccess: (data, { scope }) => {
      qc.setQueryData(queryKeys.requirements.scope(scope), data);
      // Every resolved view (job pages, previews) may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.requirements.resolved() });
    },
  });
}
