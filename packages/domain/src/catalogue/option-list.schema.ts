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

/**
 * PUT /option-lists/{key}/order: the ids of every item of the list (active and inactive), in the
 * order wanted. The whole list, not a move, so two admins reordering at once cannot interleave.
 */
export const ZOptionListOrderBody = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'An item is listed twice.' }),
}).strict();
export type OptionListOrderBody = z.infer<typeof ZOptionListOrderBody>;
