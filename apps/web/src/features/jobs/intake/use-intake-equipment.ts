import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { JOB_EQUIPMENT_KINDS, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useJobEquipment, useSaveJobEquipment } from '../api/use-job-equipment.ts';
import { emptyRow, linesOf, moduleModelOf, rowProblems, rowsOf, shownKinds, type EquipmentRow } from './equipment-lines.rules.ts';

type Problems = Partial<Record<JobEquipmentKind, string>>;

/** The arrays' module type is the module model's (issue 29, item 11), as the API stores it. */
export function followModuleModel(form: UseFormReturn<JobIntake>, rows: readonly EquipmentRow[]) {
  const model = moduleModelOf(rows);
  if (!model) return;
  form.getValues('arrays').forEach((a, i) => {
    if (a.module_type !== model.type) form.setValue(`arrays.${i}.module_type`, model.type);
  });
}

/**
 * The intake's equipment step: its lines (not part of the form schema), loaded once from the job, checked
 * on their own, and saved with PUT /jobs/:id/equipment when they changed. `onRefused` runs when the API
 * refuses the lines (the page opens the equipment step, where the refusals show per line).
 */
export function useIntakeEquipment(form: UseFormReturn<JobIntake>, draftId: string | null, onRefused: () => void) {
  const stored = useJobEquipment(draftId ?? undefined);
  const saveEquipment = useSaveJobEquipment();
  const [rows, setRows] = useState<EquipmentRow[]>(() => JOB_EQUIPMENT_KINDS.map(emptyRow));
  const [problems, setProblems] = useState<Problems>({});
  const loaded = useRef<string | null>(null);
  const saved = useRef<string>(JSON.stringify([]));

  // The job's stored equipment, once.
  useEffect(() => {
    const answer = stored.data;
    if (!answer || !draftId || loaded.current === draftId) return;
    loaded.current = draftId;
    const lines = rowsOf(answer.lines);
    setRows(lines);
    followModuleModel(form, lines);
    saved.current = JSON.stringify(linesOf(lines));
  }, [stored.data, draftId, form]);

  /** PUT /jobs/:id/equipment when the lines changed since the last save; false on a refusal (shown on the step). */
  const save = async (id: string): Promise<boolean> => {
    const lines = linesOf(rows);
    const text = JSON.stringify(lines);
    if (saved.current === text && stored.data) return true;
    try {
      await saveEquipment.mutateAsync({ id, lines });
      saved.current = text;
      return true;
    } catch (e) {
      onRefused();
      if (isApiError(e)) {
        const byKind: Problems = {};
        for (const [path, message] of Object.entries(e.fieldErrors)) {
          const line = lines[Number(path.split('.')[1])];
          if (line) byKind[line.kind] = message;
        }
        setProblems(byKind);
      }
      notify(errorMessageOf(e), { variant: 'error' });
      return false;
    }
  };

  /** The equipment step's own check (it is not part of the form schema). */
  const check = (): boolean => {
    const found = rowProblems(rows, shownKinds(form.getValues().cad_intake, rows));
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  /** The step's edit: the rows, the arrays' module type, and the problems re-checked once some are shown. */
  const onChange = (next: EquipmentRow[]) => {
    setRows(next);
    followModuleModel(form, next);
    if (Object.keys(problems).length) setProblems(rowProblems(next, shownKinds(form.getValues().cad_intake, next)));
  };

  return {
    rows, setRows, problems, stored: stored.data, save, check, onChange,
    /** Whether the lines differ from the last saved ones. */
    changed: () => saved.current !== JSON.stringify(linesOf(rows)),
  };
}
