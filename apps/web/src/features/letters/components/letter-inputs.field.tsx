import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LETTER_TYPE_VALUES, STRUCTURAL_METHOD_LABELS, STRUCTURAL_METHOD_VALUES } from '@sunstamp/domain/contracts/letters';
import { useJobFilesForLetters } from '../api/use-letters.ts';
import { FROM_THE_JOB, usesStructuralMethod, type LetterInputsForm } from '../letter-inputs.rules.ts';

type LetterType = (typeof LETTER_TYPE_VALUES)[number];

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 } as const;
const num = { htmlInput: { inputMode: 'decimal' as const } };

/**
 * The generate-letters dialog's inputs beyond the letter list, shown only for the letters chosen:
 * the structural method and the uploaded Forte/SkyCiv result, the roof area of the seismic
 * calculations and who stamps the plan set; for the ground-mount and wall-battery letters, where
 * their values come from (the job and the catalogue: nothing is typed here).
 */
export function LetterInputsField({ jobId, types, value, onChange }: { jobId: string; types: readonly LetterType[]; value: LetterInputsForm; onChange: (v: LetterInputsForm) => void }) {
  const analysed = usesStructuralMethod(types) && value.method !== 'prescriptive';
  const files = useJobFilesForLetters(jobId, analysed);
  const pdfs = (files.data ?? []).filter((f) => f.mime === 'application/pdf');
  const set = (patch: Partial<LetterInputsForm>) => onChange({ ...value, ...patch });
  const section = (title: string) => <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>{title}</Typography>;

  return (
    <Box>
      {usesStructuralMethod(types) && (
        <>
          {section('Structural method')}
          <Stack spacing={1.5}>
            <TextField select label="Structural method" value={value.method} onChange={(e) => set({ method: e.target.value as LetterInputsForm['method'] })}>
              {STRUCTURAL_METHOD_VALUES.map((m) => <MenuItem key={m} value={m}>{STRUCTURAL_METHOD_LABELS[m]}</MenuItem>)}
            </TextField>
            {analysed && (
              <TextField select label={`${STRUCTURAL_METHOD_LABELS[value.method]} result (PDF in the job's files)`} value={value.resultFileId} onChange={(e) => set({ resultFileId: e.target.value })}
                helperText={pdfs.length ? 'Its pages are appended to the letter.' : 'Upload the result PDF to the job\'s files first.'}>
                {pdfs.map((f) => <MenuItem key={f.id} value={f.id}>{f.name}</MenuItem>)}
              </TextField>
            )}
          </Stack>
        </>
      )}
      {types.filter((t) => FROM_THE_JOB[t]).map((t) => (
        <Typography key={t} variant="body2" color="text.secondary" sx={{ mt: 2 }}>{FROM_THE_JOB[t]}</Typography>
      ))}
      {types.includes('seismic_calculations') && (
        <>
          {section('Seismic calculations')}
          <TextField label="Roof plan area (ft²)" value={value.roofArea} onChange={(e) => set({ roofArea: e.target.value })} slotProps={num} fullWidth helperText="The arrays' weight is compared with the roof's (IEBC 10 % rule)." />
        </>
      )}
      {types.includes('third_party_stamp') && (
        <>
          {section('Who stamps the plan set')}
          <Box sx={grid}>
            <TextField select label="Stamp" value={value.thirdParty.kind} onChange={(e) => set({ thirdParty: { ...value.thirdParty, kind: e.target.value as 'nabcep' | 'third_party' } })}>
              <MenuItem value="nabcep">NABCEP stamp</MenuItem>
              <MenuItem value="third_party">Third-party stamp</MenuItem>
            </TextField>
            <TextField label="Name" value={value.thirdParty.name} onChange={(e) => set({ thirdParty: { ...value.thirdParty, name: e.target.value } })} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label="Credential" value={value.thirdParty.credential} onChange={(e) => set({ thirdParty: { ...value.thirdParty, credential: e.target.value } })} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label="Certification or licence number" value={value.thirdParty.number} onChange={(e) => set({ thirdParty: { ...value.thirdParty, number: e.target.value } })} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField label="Organisation (optional)" value={value.thirdParty.organisation} onChange={(e) => set({ thirdParty: { ...value.thirdParty, organisation: e.target.value } })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          </Box>
        </>
      )}
    </Box>
  );
}
