import { describe, expect, it } from 'vitest';
import { tableRowsHtml } from './table-rows-html.ts';

const numeric = (i: number) => (i > 0 ? 'num' : undefined);

describe('tableRowsHtml', () => {
  it('names each row with its header cell and gives each column its class', () => {
    expect(tableRowsHtml([['김하나', 3, '0.333']], 0, numeric)).toBe(
      '<tr><th scope="row">김하나</th><td class="num">3</td><td class="num">0.333</td></tr>',
    );
    expect(tableRowsHtml([['김하나', 3]], -1, () => undefined)).toBe(
      '<tr><td>김하나</td><td>3</td></tr>',
    );
  });

  it('links a cell with its title, and the total lines without links', () => {
    const row = [{ text: '박두리', href: '/sbsa/stats/team/1/player/2', title: '2루수' }, 1];
    expect(tableRowsHtml([row], 0, numeric)).toBe(
      '<tr><th scope="row"><a href="/sbsa/stats/team/1/player/2" title="2루수">박두리</a></th><td class="num">1</td></tr>',
    );
    expect(tableRowsHtml([row], 0, numeric, false)).toBe(
      '<tr><th scope="row">박두리</th><td class="num">1</td></tr>',
    );
  });

  it('escapes text and attribute values as an Astro template does', () => {
    const row = [{ text: '<b>"A&B"</b> \'s', href: '/q?a=1&b="2"' }];
    expect(tableRowsHtml([row], 0, () => 'wrap-name')).toBe(
      '<tr><th scope="row" class="wrap-name"><a href="/q?a=1&amp;b=&quot;2&quot;">&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; &#39;s</a></th></tr>',
    );
  });
});
