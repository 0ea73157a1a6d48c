/** Hands out row ids table by table, continuing after the ids already in the database. */
export interface IdAllocator {
  next(table: string): number;
}

export function createIdAllocator(start: Readonly<Record<string, number>> = {}): IdAllocator {
  const last = new Map(Object.entries(start));
  return {
    next(table) {
      const id = (last.get(table) ?? 0) + 1;
      last.set(table, id);
      return id;
    },
  };
}
