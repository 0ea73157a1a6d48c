import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import { cellHref, cellText } from './table.ts';
import type { Cell } from './table.ts';

/**
 * The markup of a data table's rows, as one string. Astro renders each element of a template as
 * its own piece (attributes, escaping, a render step per child), and the cells of the stats
 * tables were most of a page's elements: a box score has about 900, a player's season page up to
 * 1,500. Built here with Astro's own escaping and attribute functions, the markup is the same,
 * byte for byte, as the template's.
 *
 * `rowHeader`: the column whose cell names the row (`<th scope="row">`); `cls`: a column's class.
 * `links`: false for the total lines, whose cells are text only.
 */
export function tableRowsHtml(
  rows: readonly (readonly Cell[])[],
  rowHeader: number,
  cls: (column: number) => string | undefined,
  links = true,
): string {
  const classes = new Map<number, string>();
  const classOf = (i: number) => {
    let c = classes.get(i);
    if (c === undefined) {
      c = String(addAttribute(cls(i), 'class'));
      classes.set(i, c);
    }
    return c;
  };
  let html = '';
  for (const row of rows) {
    html += '<tr>';
    for (let i = 0; i < row.length; i++) {
      const cell = row[i];
      const text = escapeHTML(cellText(cell));
      const href = links ? cellHref(cell) : null;
      const title = typeof cell === 'object' ? cell.title : undefined;
      const content = href
        ? `<a${addAttribute(href, 'href')}${addAttribute(title, 'title')}>${text}</a>`
        : text;
      html +=
        i === rowHeader
          ? `<th scope="row"${classOf(i)}>${content}</th>`
          : `<td${classOf(i)}>${content}</td>`;
    }
    html += '</tr>';
  }
  return html;
}
