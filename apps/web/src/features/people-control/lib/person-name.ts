/** How staff screens name a person: their name, else the nickname, else the id. */
export const personName = (row: {
  id: number;
  firstName: string | null;
  lastName: string | null;
  domain: string | null;
}) => [row.firstName, row.lastName].filter(Boolean).join(' ') || (row.domain ? `@${row.domain}` : `#${row.id}`);
