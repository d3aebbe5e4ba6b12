import { useRef, useState, type MutableRefObject } from 'react';

/** The intake's current step, with a ref that handlers and the resolver read between renders. */
export interface IntakeStep {
  step: number;
  stepRef: MutableRefObject<number>;
  setStep: (next: number | ((s: number) => number)) => void;
}

export function useIntakeStep(): IntakeStep {
  const [step, setStepState] = useState(0);
  const stepRef = useRef(0);
  stepRef.current = step;
  const setStep = (next: number | ((s: number) => number)) => {
    const to = typeof next === 'function' ? next(stepRef.current) : next;
    stepRef.current = to;
    setStepState(to);
  };
  return { step, stepRef, setStep };
}
