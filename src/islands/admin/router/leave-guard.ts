/**
 * A screen with unsaved work says so before a console link takes the user away; the browser's
 * own prompt covers reloads and closing the tab.
 */
let guard: (() => string | null) | null = null;

/** Sets what to ask before leaving (the question, or null when nothing would be lost); returns the undo. */
export function setLeaveGuard(next: () => string | null): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** True when the user may leave: nothing unsaved, or they confirmed. */
export function mayLeave(): boolean {
  const question = guard?.() ?? null;
  return question === null || window.confirm(question);
}
