import type React from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JobIntake } from '@sunstamp/domain/jobs/job-intake.schema';
import { EMPTY_WET_STAMP_ORDER, wetStampOrderText, type WetStampOrder } from '@sunstamp/domain/jobs/wet-stamp.rules';
import type { useJobEquipment } from '../api/use-job-equipment.ts';
import { ArraysSummary, CadIntakeSummary, Facts, ServicesSummary, StructureText } from '../components/job-details.sections.tsx';
import { JobEquipmentSummary, JobWarnings } from '../components/job-equipment.sections.tsx';
import { JobFilesPanel } from '../components/job-files.panel.tsx';
import { FILES_STEP, stepIndexOf } from './job-intake.rules.ts';

function Section({ title, onEdit, children }: { title: string; onEdit?: () => void; children: React.ReactNode }) {
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {onEdit && (
          <Button size="small" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** The intake's last step: every step's answers, each with its way back to edit it. */
export function ReviewStep({ values, cityLine, storedEquipment, draftId, setStep }: {
  values: JobIntake;
  cityLine: string;
  storedEquipment: ReturnType<typeof useJobEquipment>['data'];
  draftId: string | null;
  setStep: (step: number) => void;
}) {
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Section title="Address" onEdit={() => setStep(0)}>
        <Facts
          items={[
            { label: 'Job name', value: values.name },
            { label: 'Client', value: values.client_name },
            { label: 'Street address', value: values.client_street_address },
            { label: 'City, state, ZIP', value: cityLine },
            { label: 'AHJ', value: values.ahj ? `${values.ahj.name} (${values.ahj.state})` : 'Not chosen' },
            ...(values.case_number ? [{ label: 'AHJ case number', value: values.case_number }] : []),
            { label: 'Coordinates', value: values.latitude !== null && values.longitude !== null ? `${values.latitude}, ${values.longitude}` : '' },
            { label: 'Structure', value: <StructureText structureType={values.structure_type} rest={[values.roof_type]} /> },
            { label: 'Drywall', value: values.gypsum_type },
            { label: 'Enclosed', value: values.enclosed },
            { label: 'Exposure category', value: values.exposure_category ?? 'Not set' },
            { label: 'Home elevation', value: values.home_elevation !== null && values.home_elevation !== undefined ? `${values.home_elevation} ft` : 'Not set' },
            { label: 'Inspection verified by company', value: values.company_verified_inspection ? 'Yes' : 'No' },
            { label: 'No pictures', value: values.no_pictures ? 'Yes' : 'No' },
            { label: 'Shared folder', value: values.job_files_link || 'None' },
            { label: 'Notes', value: values.notes || 'None', wide: true },
          ]}
        />
      </Section>
      <Section title={`Arrays (${values.arrays.length})`} onEdit={() => setStep(stepIndexOf('arrays'))}>
        <ArraysSummary arrays={values.arrays} />
      </Section>
      <Section title="CAD intake" onEdit={() => setStep(stepIndexOf('cad'))}>
        <CadIntakeSummary values={values.cad_intake} />
      </Section>
      <Section title="Equipment" onEdit={() => setStep(stepIndexOf('equipment'))}>
        <JobEquipmentSummary lines={storedEquipment?.lines ?? []} />
      </Section>
      {!!storedEquipment?.warnings.length && (
        <Section title="For our team to review">
          <JobWarnings warnings={storedEquipment.warnings} />
        </Section>
      )}
      <Section title="Services" onEdit={() => setStep(stepIndexOf('services'))}>
        <ServicesSummary services={values.services_requested} />
        {values.wet_stamp_order && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="review-wet-stamp-order">
            Wet stamp: {wetStampOrderText({ ...EMPTY_WET_STAMP_ORDER, ...values.wet_stamp_order } as WetStampOrder)}
          </Typography>
        )}
      </Section>
      <Section title="Files" onEdit={() => setStep(FILES_STEP)}>
        {draftId && <JobFilesPanel jobId={draftId} />}
      </Section>
    </Stack>
  );
}
