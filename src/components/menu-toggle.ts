/** Where the toggle is shown (global.css hides it from 48rem up, where the menu is always open). */
const SMALL_SCREEN = '(max-width: 47.99rem)';

/**
 * Turns every `a[data-menu-toggle]` into a disclosure button for its panel, once the screen is
 * small (at once, or when a wide window is narrowed). The panel's `data-enhanced` switches the CSS
 * from :target to `data-open`.
 */
export function enhanceMenuToggles(root: Document = document): void {
  const small = window.matchMedia(SMALL_SCREEN);
  const enhanceAll = () => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-menu-toggle]'))
      enhance(link);
  };
  if (small.matches) enhanceAll();
  else small.addEventListener('change', enhanceAll, { once: true });
}

function enhance(link: HTMLAnchorElement): void {
  const panel = link.ownerDocument.getElementById(link.dataset.menuToggle ?? '');
  if (!panel) return;
  const button = link.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.textContent = link.textContent;
  button.setAttribute('aria-controls', panel.id);

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.dataset.open = String(open);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || panel.dataset.open !== 'true') return;
    setOpen(false);
    button.focus();
  };
  button.addEventListener('click', () => setOpen(panel.dataset.open !== 'true'));
  link.ownerDocument.addEventListener('keydown', onKeyDown);

  setOpen(false);
  panel.dataset.enhanced = '';
  link.replaceWith(button);
}
