/** A batting order place: the order (1번 …) and who in that place (선발 1, 교체 2 …). */
export interface BattingSlot {
  battingOrder: number;
  seq: number;
}

/**
 * The batting order of lines as they stand, top to bottom: a line marked as a substitute takes the
 * place of the line above it (same order, next turn), any other line opens the next order. Orders
 * are numbered from the lines themselves, so a removed or moved line never leaves a gap.
 */
export function battingSlots(substitute: readonly boolean[]): BattingSlot[] {
  const slots: BattingSlot[] = [];
  for (const sub of substitute) {
    const above = slots.at(-1);
    slots.push(
      sub && above
        ? { battingOrder: above.battingOrder, seq: above.seq + 1 }
        : { battingOrder: (above?.battingOrder ?? 0) + 1, seq: 1 },
    );
  }
  return slots;
}
