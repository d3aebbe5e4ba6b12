import { GENERATION_ERRORS } from '@sunstamp/domain/constants/messages.constants';

/*
 * Spec §8 generation messages: a render fails with the key of the part that failed (the message the
 * user sees) and a detail that names the sheet and the value (for staff and logs).
 */

export type GenerationErrorKey = keyof typeof GENERATION_ERRORS;

export class PlanSetError extends Error {
  constructor(readonly key: GenerationErrorKey, readonly detail: string) {
    super(`${GENERATION_ERRORS[key].message} (${detail})`);
    this.name = 'PlanSetError';
  }
  get userMessage(): string {
    return GENERATION_ERRORS[this.key].message;
  }
}

export const messageOf = (key: GenerationErrorKey): string => GENERATION_ERRORS[key].message;
