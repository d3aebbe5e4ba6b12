import { z } from 'zod';

/**
 * One entry of a reference option list. `value` is the stable key stored on jobs and arrays;
 * `label` is what the form shows. Lists add their own typed extras (gauge, member count, …),
 * so the item schema lets unknown keys through.
 */
export const ZOptionItem = z.looseObject({
  value: z.string().min(1),
  label: z.string().min(1),
});
export type OptionItem = z.infer<typeof ZOptionItem>;

export const ZOptionList = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string().min(1),
  items: z.array(ZOptionItem).min(1),
});
export type OptionList = z.infer<typeof ZOptionList>;

/** A list whose items carry typed extras; the seed declares each list with its own item type. */
export interface TypedOptionList<TItem extends OptionItem, TKey extends string = string> {
  key: TKey;
  label: string;
  items: readonly TItem[];
}
