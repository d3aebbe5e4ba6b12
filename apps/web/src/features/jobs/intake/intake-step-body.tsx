import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import type { Role } from '@sunstamp/domain/roles';
import { FileUploadPanel } from '../components/file-upload.panel.tsx';
import { JobFilesPanel } from '../components/job-files.panel.tsx';
import { AddressStep } from './address.step.tsx';
import { ArraysStep } from './arrays.step.tsx';
import { CadIntakeStep } from './cad-intake.step.tsx';
import { EquipmentStep } from './equipment.step.tsx';
import { moduleModelOf, shownKinds } from './equipment-lines.rules.ts';
import { INTAKE_STEPS } from './job-intake.rules.ts';
import { ReviewStep } from './review.step.tsx';
import { ServicesStep } from './services.step.tsx';
import type { useIntakeEquipment } from './use-intake-equipment.ts';

type Props = {
  stepKey: (typeof INTAKE_STEPS)[number]['key'];
  values: JobIntake;
  equipment: ReturnType<typeof useIntakeEquipment>;
  draftId: string | null;
  /** The companies the job may be for, when the user must choose one (else empty). */
  companies: readonly { id: string; name: string }[];
  role: Role;
  stateAbbr: string | null;
  setStep: (step: number) => void;
};

/** The fields of the intake's current step: each step is its own component. */
export function IntakeStepBody({ stepKey, values, equipment, draftId, companies, role, stateAbbr, setStep }: Props) {
  switch (stepKey) {
    case 'address':
      return <AddressStep companies={companies} jobId={draftId} />;
    case 'arrays':
      return <ArraysStep moduleModel={moduleModelOf(equipment.rows)} />;
    case 'cad':
      return <CadIntakeStep siteState={stateAbbr} />;
    case 'equipment':
      return (
        <EquipmentStep
          rows={equipment.rows}
          shown={shownKinds(values.cad_intake, equipment.rows)}
          arrays={values.arrays}
          problems={equipment.problems}
          onChange={equipment.onChange}
        />
      );
    case 'services':
      return <ServicesStep />;
    case 'files':
      return draftId ? (
        <Stack spacing={3}>
          <FileUploadPanel jobId={draftId} role={role} />
          <Divider />
          <JobFilesPanel jobId={draftId} />
        </Stack>
      ) : null;
    case 'review': {
      const cityLine = [values.city, [stateAbbr, values.client_zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      return <ReviewStep values={values} cityLine={cityLine} storedEquipment={equipment.stored} draftId={draftId} setStep={setStep} />;
    }
  }
}
