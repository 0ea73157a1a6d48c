import { describe, expect, it } from 'vitest';
import { markdownExcerpt, renderMarkdown, safeHref } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown('**경기 일정** 안내\n\n- 첫째\n- 둘째');
    expect(html).toContain('<strong>경기 일정</strong>');
    expect(html).toContain('<li>첫째</li>');
  });

  it('shows raw HTML as text, never as markup', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n안녕 <img src=x onerror=alert(1)> <b>굵게</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps http(s), mailto and relative links, drops script links', () => {
    expect(renderMarkdown('[협회](https://example.org/a?b=1&c=2)')).toContain(
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow ugc">협회</a>',
    );
    expect(renderMarkdown('[메일](mailto:office@example.org)')).toContain(
      'href="mailto:office@example.org"',
    );
    expect(renderMarkdown('[일정](/sbsa/schedule/game)')).toContain(
      '<a href="/sbsa/schedule/game">일정</a>',
    );
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      '//evil.example',
    ]) {
      const html = renderMarkdown(`[클릭](${bad})`);
      expect(html).not.toContain('href');
      expect(html).toContain('클릭');
    }
  });

  it('keeps links that look relative but leave the site from failing the same-site check', () => {
    const site = 'https://sbsa.example.kr';
    for (const bad of [
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '%2F%2Fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      '/\r\\evil.example',
    ]) {
      expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
      const html = renderMarkdown(`[클릭](<${bad}>)`);
      // whatever is left, a browser resolving it on the site's page stays on the site
      for (const [, href] of html.matchAll(/href="([^"]*)"/g))
        expect(new URL(href.replaceAll('&amp;', '&'), `${site}/sbsa/notice/1`).origin).toBe(site);
    }
    for (const good of [
      '/sbsa/notice/2',
      'schedule/game',
      '../team/1',
      '#top',
      '?page=2',
      '/a%20b',
    ])
      expect(safeHref(good), good).toBe(good);
  });

  it('drops schemes hidden with control characters', () => {
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref(' javascript:alert(1)')).toBeNull();
  });

  it('embeds only same-site images', () => {
    expect(renderMarkdown('![포스터](/uploads/a.png)')).toContain(
      '<img src="/uploads/a.png" alt="포스터"',
    );
    expect(renderMarkdown('![포스터](https://cdn.example.org/a.png)')).not.toContain('<img');
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toMatch(/<img|<a/);
  });

  it('starts headings below the page heading and never skips a level', () => {
    expect(renderMarkdown('# 제목')).toContain('<h2>제목</h2>');
    expect(renderMarkdown('### 작은 제목')).toContain('<h2>작은 제목</h2>');
    const html = renderMarkdown('## 하나\n\n#### 둘\n\n## 셋\n\n###### 넷');
    expect([...html.matchAll(/<h(\d)>/g)].map((m) => m[1])).toEqual(['2', '3', '2', '3']);
  });

  it('wraps tables in a labelled scroll box with scoped headers', () => {
    const html = renderMarkdown('| 팀 | 승 |\n| --- | --- |\n| 서울 | 3 |');
    expect(html).toContain(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="본문 표">',
    );
    expect(html).toContain('<th scope="col">팀</th>');
  });
});

describe('markdownExcerpt', () => {
  it('gives plain text cut to length', () => {
    expect(markdownExcerpt('# 안내\n\n**경기**가 [연기](/x)되었습니다.')).toBe(
      '안내 경기가 연기되었습니다.',
    );
    expect(markdownExcerpt('가'.repeat(200), 10)).toBe(`${'가'.repeat(9)}…`);
  });
});
