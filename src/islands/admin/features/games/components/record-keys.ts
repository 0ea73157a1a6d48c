import type { KeyboardEvent } from 'react';

/** Moves focus to another cell of the same grid, if there is one. */
export function focusCell(form: HTMLElement | null, g: string, r: number, c: number): boolean {
  const next = form?.querySelector<HTMLElement>(`[data-grid="${g}"][data-r="${r}"][data-c="${c}"]`);
  if (!next) return false;
  next.focus();
  return true;
}

/** Up and down move between cells, except in a list (a select) or a cell with suggestions, whose own they are. */
const upDown = (target: HTMLElement) =>
  target instanceof HTMLInputElement && !target.hasAttribute('list');

/** Keys that move like a spreadsheet: Enter down (Shift+Enter up), arrows between cells. */
export function onGridKey(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  const g = target.dataset?.grid;
  if (!g || event.altKey || event.ctrlKey || event.metaKey) return;
  const r = Number(target.dataset.r);
  const c = Number(target.dataset.c);
  const form = event.currentTarget;
  const isText = target instanceof HTMLInputElement && target.type !== 'checkbox';
  const input = target as HTMLInputElement;
  const atStart = !isText || (input.selectionStart === 0 && input.selectionEnd === 0);
  const atEnd =
    !isText ||
    input.selectionEnd === input.value.length ||
    (input.selectionStart === 0 && input.selectionEnd === input.value.length);
  const whole = isText && input.selectionStart === 0 && input.selectionEnd === input.value.length;
  let moved = false;
  if (event.key === 'Enter') {
    event.preventDefault();
    moved = focusCell(form, g, event.shiftKey ? r - 1 : r + 1, c);
  } else if (event.key === 'ArrowDown' && upDown(target)) moved = focusCell(form, g, r + 1, c);
  else if (event.key === 'ArrowUp' && upDown(target)) moved = focusCell(form, g, r - 1, c);
  else if (event.key === 'ArrowRight' && (atEnd || whole)) moved = focusCell(form, g, r, c + 1);
  else if (event.key === 'ArrowLeft' && (atStart || whole)) moved = focusCell(form, g, r, c - 1);
  if (moved) event.preventDefault();
}
