/** Who is typing in a thread: user id → their name and until when they are shown (epoch ms). */
export type TypingPeople = Record<string, { name: string; until: number }>;

export const withTyping = (people: TypingPeople, who: { user_id: string; full_name: string }, until: number): TypingPeople =>
  ({ ...people, [who.user_id]: { name: who.full_name, until } });

/** Without one person (their message arrived) and without everyone shown until before `now`. */
export function withoutTyping(people: TypingPeople, userId: string | null, now: number): TypingPeople {
  const next: TypingPeople = {};
  let changed = false;
  for (const [id, p] of Object.entries(people)) {
    if (id === userId || (userId === null && p.until <= now)) changed = true;
    else next[id] = p;
  }
  return changed ? next : people;
}

/** "Ana is typing…", "Ana and Ben are typing…", "3 people are typing…"; null when nobody is. */
export function typingLabel(people: TypingPeople): string | null {
  const names = Object.values(people).map((p) => p.name).sort();
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
}
