import type { ClientDirective } from 'astro';

// The first signs of a visitor reaching for the island: a pointer over it (a mouse, or a finger as
// it lands), a press, a touch where there are no pointer events, the keyboard's focus.
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'];

/**
 * `client:interaction` (registered in astro.config.mjs, decision 137): loads and hydrates an island
 * on the visitor's first pointer, touch or focus on it, never before. The island works as plain
 * HTML until then, and must take the event that woke it as it comes: the menu toggle is a :target
 * link and stays the same element when it hydrates. Astro inlines this into every page with such
 * an island, so it stays a few lines.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const wake = async () => {
    for (const type of EVENTS) el.removeEventListener(type, wake);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) el.addEventListener(type, wake, { passive: true });
};

export default interaction;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
