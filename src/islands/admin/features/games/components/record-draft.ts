import type { RecordFormValues } from './record-values.ts';

/** What is kept of a half-entered record in this browser, per game, until it is saved. */
export interface RecordDraft {
  savedAt: string;
  values: RecordFormValues;
}

const key = (gameId: number) => `sbsa:record-draft:${gameId}`;

/** The kept draft of a game, or null (none, or unreadable). */
export function readDraft(gameId: number): RecordDraft | null {
  try {
    const raw = localStorage.getItem(key(gameId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as RecordDraft;
    return draft?.values?.innings ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the form as it is; a full or blocked storage only loses the draft, never the form. */
export function writeDraft(gameId: number, values: RecordFormValues): void {
  try {
    const draft: RecordDraft = { savedAt: new Date().toISOString(), values };
    localStorage.setItem(key(gameId), JSON.stringify(draft));
  } catch {
    // no room or no storage: the form itself still holds the values
  }
}

export function clearDraft(gameId: number): void {
  try {
    localStorage.removeItem(key(gameId));
  } catch {
    // nothing kept
  }
}
