import type { z } from 'zod';

/** Choices that mean "I'll type it": the matching custom_* field must then be filled. */
export const CUSTOM_CHOICES = ['Other', 'Custom'] as const;

export function isCustomChoice(value: unknown): boolean {
  return typeof value === 'string' && (CUSTOM_CHOICES as readonly string[]).includes(value.trim());
}

export const CUSTOM_TEXT_REQUIRED = 'Please describe your choice';

/**
 * Adds an issue on `custom_<field>` for every pair whose choice is Other/Custom and whose text is
 * blank. `pairs` maps a choice field to its custom text field.
 */
export function checkCustomPairs(
  values: Record<string, unknown>,
  pairs: Readonly<Record<string, string>>,
  ctx: z.RefinementCtx,
  isShown: (field: string) => boolean = () => true,
): void {
  for (const [field, customField] of Object.entries(pairs)) {
    if (!isShown(field) || !isCustomChoice(values[field])) continue;
    const text = values[customField];
    if (typeof text !== 'string' || text.trim() === '') {
      ctx.addIssue({ code: 'custom', path: [customField], message: CUSTOM_TEXT_REQUIRED });
    }
  }
}
