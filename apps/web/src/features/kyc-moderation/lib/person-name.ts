/** "Last First (@nickname)" as a moderator searches by last name; the fallback when nothing is filled in. */
export function personName(
  person: { firstName: string | null; lastName: string | null; domain: string | null },
  fallback: string,
): string {
  const full = [person.lastName, person.firstName].filter(Boolean).join(' ');
  if (full && person.domain) return `${full} (@${person.domain})`;
  return full || (person.domain ? `@${person.domain}` : fallback);
}
