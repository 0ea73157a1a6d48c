import { Marked, Renderer } from 'marked';
import type { Token, Tokens } from 'marked';
import type { Picture } from '../../server/read/pictures.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes text for element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** The link target if it is http(s), mailto or relative to this site; null for javascript:, data: and the like. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  // Browsers ignore tabs and line breaks inside a scheme ("java\tscript:"), so judge the URL without them.
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme)
    return ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase()) ? href.trim() : null;
  return isSameSite(compact) ? href.trim() : null;
}

const SITE = 'https://site.invalid';

/**
 * Whether a link without a scheme stays on this site, judged as a browser resolves it (WHATWG
 * URL): a browser reads `\` as `/` in http(s) addresses, so `/\evil.example` and `\\evil.example`
 * go to another host just as `//evil.example` does. Slashes written as `%2F`/`%5C` are read as
 * slashes too, since a server or proxy decoding them would send the reader to the same place.
 */
function isSameSite(compact: string): boolean {
  const decoded = compact.replace(/%(2f|5c)/gi, '/');
  try {
    return new URL(decoded, `${SITE}/notice/`).origin === SITE;
  } catch {
    return false;
  }
}

const isExternal = (href: string) => /^https?:/i.test(href);

/** How wide a picture shows: the whole phone, at most the text column (`.notice-body`). */
const PICTURE_SIZES = '(max-width: 48rem) 100vw, 48rem';

class SafeRenderer extends Renderer {
  /** the pictures of the text being rendered, by address */
  pictures: Record<string, Picture> = {};

  override html({ text }: Tokens.HTML | Tokens.Tag): string {
    return escapeHtml(text);
  }

  override heading({ tokens, depth }: Tokens.Heading): string {
    return `<h${depth}>${this.parser.parseInline(tokens)}</h${depth}>\n`;
  }

  override link({ href, title, tokens }: Tokens.Link): string {
    const text = this.parser.parseInline(tokens);
    const safe = safeHref(href);
    if (safe === null) return text;
    const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
    const rel = isExternal(safe) ? ' rel="noopener noreferrer nofollow ugc"' : '';
    return `<a href="${escapeHtml(safe)}"${titleAttr}${rel}>${text}</a>`;
  }

  // Only same-site images are embedded (the CSP allows no others); outside images become links.
  override image({ href, title, text }: Tokens.Image): string {
    const safe = safeHref(href);
    if (safe === null) return escapeHtml(text);
    if (isExternal(safe) || safe.startsWith('mailto:')) {
      return `<a href="${escapeHtml(safe)}" rel="noopener noreferrer nofollow ugc">${escapeHtml(text || safe)}</a>`;
    }
    const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
    const picture = Object.hasOwn(this.pictures, safe) ? this.pictures[safe] : undefined;
    if (!picture)
      return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
    // width and height reserve the picture's space, so the text does not jump as it loads
    const img = `<img src="${escapeHtml(safe)}" srcset="${escapeHtml(picture.srcset)}" sizes="${PICTURE_SIZES}" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
    if (!picture.webpSrcset) return img;
    return `<picture><source type="image/webp" srcset="${escapeHtml(picture.webpSrcset)}" sizes="${PICTURE_SIZES}">${img}</picture>`;
  }

  override table(token: Tokens.Table): string {
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="본문 표">${super.table(token)}</div>\n`;
  }

  override tablecell(token: Tokens.TableCell): string {
    const cell = super.tablecell(token);
    return token.header ? cell.replace(/^<th/, '<th scope="col"') : cell;
  }
}

const renderer = new SafeRenderer();
// setOptions keeps the renderer instance; use() would copy only its enumerable (own) methods.
const marked = new Marked().setOptions({
  gfm: true,
  breaks: true,
  async: false,
  renderer,
});

function headingsOf(tokens: readonly Token[], out: Tokens.Heading[] = []): Tokens.Heading[] {
  for (const token of tokens) {
    if (token.type === 'heading') out.push(token as Tokens.Heading);
    if ('tokens' in token && Array.isArray(token.tokens)) headingsOf(token.tokens, out);
    if (token.type === 'list')
      for (const item of (token as Tokens.List).items) headingsOf(item.tokens, out);
  }
  return out;
}

/**
 * Notices sit under the page's own <h1>: their outline starts at <h2> and never skips a level
 * (authors write '###' for a small title), so screen-reader users get a clean heading tree.
 */
function rebaseHeadings(tokens: readonly Token[]): void {
  const headings = headingsOf(tokens);
  const ranks = [...new Set(headings.map((h) => h.depth))].sort((a, b) => a - b);
  let previous = 1;
  for (const heading of headings) {
    const level = Math.min(2 + ranks.indexOf(heading.depth), previous + 1, 6);
    heading.depth = level;
    previous = level;
  }
}

/**
 * Renders a notice's Markdown to HTML with raw HTML shown as text and only safe links kept;
 * uploaded pictures found in `pictures` are offered in their stored sizes.
 */
export function renderMarkdown(markdown: string, pictures: Record<string, Picture> = {}): string {
  const tokens = marked.lexer(markdown);
  rebaseHeadings(tokens);
  // rendering is synchronous, so the pictures belong to this text alone
  renderer.pictures = pictures;
  try {
    return marked.parser(tokens);
  } finally {
    renderer.pictures = {};
  }
}

/** Plain text of the first part of a notice, for meta descriptions and list previews. */
export function markdownExcerpt(markdown: string, maxLength = 120): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`~]+/g, '')
    .replace(/^\s*(?:[#>|]+|[-+]\s|\d+\.\s)/gm, ' ')
    .replace(/[|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
