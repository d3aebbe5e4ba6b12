import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { INTAKE_STEPS } from './job-intake.rules.ts';

/** Where the intake is: the labelled steps (a step is reachable once passed, or any while editing), or on a phone the step and a bar. */
export function IntakeStepper({ step, editing, setStep }: { step: number; editing: boolean; setStep: (step: number) => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <>
      {phone ? (
        // Seven labelled steps do not fit 400 px: a phone shows where it is and how far it has come.
        <Box sx={{ mb: 2 }} data-testid="intake-compact-stepper">
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.75 }}>
            Step {step + 1} of {INTAKE_STEPS.length} · {INTAKE_STEPS[step]!.label}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={((step + 1) / INTAKE_STEPS.length) * 100}
            aria-label={`Step ${step + 1} of ${INTAKE_STEPS.length}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      ) : (
        <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3, overflowX: 'auto', pb: 1 }}>
          {INTAKE_STEPS.map((s, i) => (
            <Step key={s.key} completed={i < step}>
              <StepButton onClick={() => (editing || i < step) && setStep(i)} disabled={!editing && i > step}>
                {s.label}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      )}
    </>
  );
}
