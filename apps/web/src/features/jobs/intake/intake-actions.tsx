import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { FILES_STEP, REVIEW_STEP } from './job-intake.rules.ts';

/**
 * The intake's buttons: Back, and Next on the steps; on the review, Submit job (a new job or a
 * draft) or Save changes (editing a submitted job), with Save and send answer when the job waits
 * for the client's answer.
 */
export function IntakeActions({ step, setStep, draftId, editing, answer, saving, onSendAnswer }: {
  step: number;
  setStep: (next: (s: number) => number) => void;
  draftId: string | null;
  editing: boolean;
  answer: boolean;
  saving: { save: boolean; change: boolean; submit: boolean };
  onSendAnswer: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button color="inherit" startIcon={<ArrowBack />} disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
        Back
      </Button>
      <Box sx={{ flex: 1 }} />
      {draftId && !editing && step < REVIEW_STEP && (
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5 }}>
          <CheckCircleOutline fontSize="inherit" color="success" /> Draft saved
        </Typography>
      )}
      {step < REVIEW_STEP ? (
        <Button type="submit" variant="contained" endIcon={<ArrowForward />} loading={saving.save}>
          {step === FILES_STEP ? 'Continue to review' : 'Next'}
        </Button>
      ) : editing ? (
        <>
          {answer && (
            <Button
              variant="outlined"
              startIcon={<ReplyOutlined />}
              loading={saving.save || saving.change}
              onClick={onSendAnswer}
            >
              Save and send answer
            </Button>
          )}
          <Button type="submit" variant="contained" startIcon={<SaveOutlined />} loading={saving.save || saving.change}>
            Save changes
          </Button>
        </>
      ) : (
        <Button type="submit" variant="contained" endIcon={<SendOutlined />} loading={saving.save || saving.submit}>
          Submit job
        </Button>
      )}
    </Stack>
  );
}
