/** A choice; an `inactive` one (an item staff deactivated) is offered only while it is the value. */
export type SelectOption = { value: string; label: string; inactive?: boolean };

/** The choices a select offers: the active ones, an inactive one the field holds, and a held value no list has, as itself. */
export function offeredOptions(options: readonly SelectOption[], current: string): SelectOption[] {
  const offered = options.filter((o) => !o.inactive || o.value === current);
  return current && !offered.some((o) => o.value === current) ? [...offered, { value: current, label: current }] : offered;
}
