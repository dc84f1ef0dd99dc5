/** The single row an insert/update ... returning() or an aggregate must give; anything else is a bug. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected exactly one row');
  return row;
}
