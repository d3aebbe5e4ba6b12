import type { z } from 'zod';

/**
 * Choices that mean "I'll type it": the matching custom_* field must then be filled. One rule for
 * every select, whatever it stores: option lists store a slug (`other`, the connection types' and
 * racking types' value), fixed lists and older forms the label (`Other`, `Custom`). So the match
 * is on the trimmed value, case-insensitively.
 */
export const CUSTOM_CHOICES = ['Other', 'Custom'] as const;
const CUSTOM_KEYS: ReadonlySet<string> = new Set(CUSTOM_CHOICES.map((c) => c.toLowerCase()));

export function isCustomChoice(value: unknown): boolean {
  return typeof value === 'string' && CUSTOM_KEYS.has(value.trim().toLowerCase());
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
