import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';

const { site, browser } = await openSiteInBrowser();

const LABELS = ['순위', '일정', '결과', '기록실', '팀', '공지'];

/** Waits until both islands have hydrated (the season menu turns into a select). */
async function hydrated(page: Page) {
  await page.locator('.season-picker select').waitFor({ state: 'attached' });
}

describe('top menu', () => {
  it('has the items in the words fans use, in order, and highlights the current one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const sections = [
      '/sbsa/result/league',
      '/sbsa/schedule/game',
      '/sbsa/result/game',
      '/sbsa/records',
      '/sbsa/stats/teams',
      '/sbsa/notice',
    ];
    for (const [i, path] of sections.entries()) {
      await page.goto(site.origin + path);
      const links = page.locator('nav[aria-label="주 메뉴"] a');
      expect(await links.allInnerTexts()).toEqual(LABELS);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
        sections,
      );
      const current = page.locator('nav[aria-label="주 메뉴"] a[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.innerText()).toBe(LABELS[i]);
    }
    await page.goto(`${site.origin}/sbsa`);
    expect(await page.locator('nav[aria-label="주 메뉴"] a[aria-current]').count()).toBe(0);
    expect(await page.locator('a.logo').getAttribute('href')).toBe('/sbsa');
    // Pages below a section keep their menu item highlighted.
    const lt = site.index.leagueTeams.find((x) => x.seasonId === site.index.site.active.id)!;
    await page.goto(`${site.origin}/sbsa/schedule/league/${lt.leagueId}/${lt.teamId}`);
    expect(await page.locator('nav[aria-label="주 메뉴"] a[aria-current]').innerText()).toBe(
      '일정',
    );
    await page.close();
  });

  // SPEC.md §2's five menu items, each reached from the menu in the fans' words: directly, or the
  // league schedules by the 리그별 tab of the page 일정 opens.
  const SPEC_ITEMS = [
    {
      item: 'league schedule',
      path: '/sbsa/schedule/league',
      menu: '일정',
      tab: '리그별',
      h1: '리그 일정',
    },
    { item: 'game schedule', path: '/sbsa/schedule/game', menu: '일정', h1: '경기 일정' },
    { item: 'game results', path: '/sbsa/result/game', menu: '결과', h1: '경기 결과' },
    { item: 'league results', path: '/sbsa/result/league', menu: '순위', h1: '순위' },
    { item: 'team list', path: '/sbsa/stats/teams', menu: '팀', h1: '팀' },
  ];

  for (const width of [375, 1280]) {
    it(`reaches each of SPEC's five menu items from the menu at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      for (const { item, path, menu, tab, h1 } of SPEC_ITEMS) {
        await page.goto(`${site.origin}/sbsa/notice`);
        // On a phone the menu opens first; on a wide screen its items are on show.
        if (width < 768) await page.locator('.menu-toggle').click();
        await Promise.all([
          page.waitForURL((url) => url.pathname !== '/sbsa/notice'),
          page.locator('nav[aria-label="주 메뉴"] a', { hasText: menu }).click(),
        ]);
        if (tab) {
          const tabs = page.locator('nav[aria-label="일정 보기"] a');
          expect(await tabs.allInnerTexts(), item).toEqual(['리그별', '경기별']);
          await Promise.all([
            page.waitForURL(site.origin + path),
            tabs.filter({ hasText: tab }).click(),
          ]);
        }
        expect(new URL(page.url()).pathname, item).toBe(path);
        expect(await page.locator('h1').innerText(), item).toBe(h1);
        expect(
          await page.locator('nav[aria-label="주 메뉴"] a[aria-current]').innerText(),
          item,
        ).toBe(menu);
      }
      await page.close();
    });
  }

  it('shows the league and game schedules as two tabs, the shown one current, in any season', async () => {
    const page = await browser.newPage();
    const past = site.index.site.seasons.find((s) => !s.active)!;
    for (const root of ['/sbsa', `/sbsa/season/${past.id}`]) {
      for (const [path, current] of [
        [`${root}/schedule/league`, '리그별'],
        [`${root}/schedule/game`, '경기별'],
      ]) {
        await page.goto(site.origin + path);
        const tabs = page.locator('nav[aria-label="일정 보기"] a');
        expect(await tabs.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
          `${root}/schedule/league`,
          `${root}/schedule/game`,
        ]);
        const marked = page.locator('nav[aria-label="일정 보기"] a[aria-current="page"]');
        expect(await marked.count(), path).toBe(1);
        expect(await marked.innerText(), path).toBe(current);
      }
    }
    await page.close();
  });

  it('lists the seasons with the active one chosen, as links without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/sbsa/schedule/game`);
    const picker = page.locator('details.season-picker');
    expect(await picker.locator('summary').innerText()).toContain(site.index.site.active.name);
    await picker.locator('summary').click();
    const links = picker.locator('a');
    expect(await links.count()).toBe(site.index.site.seasons.length);
    expect(await picker.locator('a[aria-current="true"]').innerText()).toContain(
      site.index.site.active.name,
    );
    const past = site.index.site.seasons.find((s) => !s.active)!;
    await picker.locator('a', { hasText: past.name }).click();
    expect(new URL(page.url()).pathname).toBe(`/sbsa/season/${past.id}/schedule/game`);
    await context.close();
  });

  it('goes to the chosen season, shows its content, and keeps the choice on the next pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const active = site.index.site.active;
    const past = site.index.site.seasons.find((s) => !s.active)!;
    await page.goto(`${site.origin}/sbsa`);
    await hydrated(page);
    const select = page.locator('.season-picker select');
    expect(await select.inputValue()).toBe(String(active.id));
    expect(await page.locator('h1').innerText()).toBe(`${active.name} 리그 홈`);

    await Promise.all([
      page.waitForURL(`${site.origin}/sbsa/season/${past.id}`),
      select.selectOption(String(past.id)),
    ]);
    expect(await page.locator('h1').innerText()).toBe(`${past.name} 리그 홈`);
    await hydrated(page);
    expect(await page.locator('.season-picker select').inputValue()).toBe(String(past.id));

    // The menu of a past season's page stays in that season.
    await Promise.all([
      page.waitForURL(`${site.origin}/sbsa/season/${past.id}/schedule/game`),
      page.locator('nav[aria-label="주 메뉴"] a', { hasText: '일정' }).click(),
    ]);
    await hydrated(page);
    expect(await page.locator('.season-picker select').inputValue()).toBe(String(past.id));
    expect(await page.locator('main').innerText()).toContain(past.name);

    // A page of no season (notices) shows the remembered choice.
    await page.goto(`${site.origin}/sbsa/notice`);
    await hydrated(page);
    expect(await page.locator('.season-picker select').inputValue()).toBe(String(past.id));
    expect(await page.evaluate(() => localStorage.getItem('sbsa:season'))).toBe(String(past.id));
    // …and its main menu leads into that season, not the active one.
    const menu = page.locator('nav[aria-label="주 메뉴"] a');
    await page.waitForFunction(
      (id) =>
        document
          .querySelector('nav[aria-label="주 메뉴"] a[data-menu-section="schedule"]')
          ?.getAttribute('href') === `/sbsa/season/${id}/schedule/game`,
      past.id,
    );
    expect(await menu.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      `/sbsa/season/${past.id}/result/league`,
      `/sbsa/season/${past.id}/schedule/game`,
      `/sbsa/season/${past.id}/result/game`,
      `/sbsa/season/${past.id}/records`,
      `/sbsa/season/${past.id}/stats/teams`,
      '/sbsa/notice',
    ]);
    await Promise.all([
      page.waitForURL(`${site.origin}/sbsa/season/${past.id}/result/game`),
      menu.filter({ hasText: '결과' }).click(),
    ]);
    await page.goto(`${site.origin}/sbsa/notice`);
    await hydrated(page);

    // Back to the active season from there.
    await Promise.all([
      page.waitForURL(`${site.origin}/sbsa`),
      page.locator('.season-picker select').selectOption(String(active.id)),
    ]);
    expect(await page.locator('h1').innerText()).toBe(`${active.name} 리그 홈`);
    await context.close();
  });

  it('lets the keyboard move through the seasons without leaving the page until Enter', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.origin}/sbsa/result/league`);
    await hydrated(page);
    const select = page.locator('.season-picker select');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/sbsa/result/league');
    const chosen = await select.inputValue();
    expect(chosen).not.toBe(String(site.index.site.active.id));
    await Promise.all([
      page.waitForURL(`${site.origin}/sbsa/season/${chosen}/result/league`),
      page.keyboard.press('Enter'),
    ]);
    await page.close();
  });

  it('offers the same page in another season where it exists', async () => {
    const page = await browser.newPage();
    const active = site.index.site.active;
    const past = site.index.site.seasons.find((s) => !s.active)!;
    const player = site.index.seasonPlayers.find(
      (p) =>
        p.seasonId === active.id &&
        site.index.seasonPlayers.some(
          (q) => q.seasonId === past.id && q.playerId === p.playerId && q.teamId === p.teamId,
        ),
    )!;
    await page.goto(`${site.origin}/sbsa/stats/team/${player.teamId}/player/${player.playerId}`);
    await hydrated(page);
    await Promise.all([
      page.waitForURL(
        `${site.origin}/sbsa/season/${past.id}/stats/team/${player.teamId}/player/${player.playerId}`,
      ),
      page.locator('.season-picker select').selectOption(String(past.id)),
    ]);
    expect(await page.locator('h2', { hasText: '경기별 기록' }).innerText()).toContain(past.name);
    await page.close();
  });
});

describe('small screens', () => {
  const PHONE = { width: 375, height: 740 };
  const nav = (page: Page) => page.locator('nav[aria-label="주 메뉴"]');

  /** Waits until the menu toggle has hydrated into a button (it does on the first touch or focus). */
  async function buttonReady(page: Page) {
    await page.locator('.menu-toggle[role="button"][aria-expanded]').waitFor();
  }

  /** Holds the site's scripts back until `release()`, so a test can act before the islands hydrate. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/_astro\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  it('opens and closes the menu with the button at 375 px', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.origin}/sbsa/result/game`);
    const toggle = page.locator('.menu-toggle');
    expect(await nav(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await nav(page).isVisible()).toBe(true);
    await buttonReady(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe('site-menu');
    expect(await page.locator('nav[aria-label="주 메뉴"] a[aria-current="page"]').innerText()).toBe(
      '결과',
    );
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav(page).isVisible()).toBe(true);
    await page.close();
  });

  it('opens and closes the menu by keyboard', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.origin}/sbsa`);
    const toggle = page.locator('.menu-toggle');
    // Skip link, logo, then the toggle.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('본문 바로가기');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')),
    ).toBe(true);
    // The focus alone wakes the button, and it keeps the focus.
    await buttonReady(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')),
    ).toBe(true);
    await page.keyboard.press('Enter');
    expect(await nav(page).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('순위');
    await page.keyboard.press('Escape');
    expect(await nav(page).isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')),
    ).toBe(true);
    const scrolled = () => page.evaluate(() => window.scrollY);
    await page.keyboard.press(' ');
    expect(await nav(page).isVisible()).toBe(true);
    expect(await scrolled(), 'Space toggles, it does not scroll').toBe(0);
    await page.keyboard.press(' ');
    expect(await nav(page).isVisible()).toBe(false);
    await page.close();
  });

  it('opens and closes the menu without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${site.origin}/sbsa`);
    expect(await nav(page).isVisible()).toBe(false);
    await page.locator('a.menu-toggle').click();
    expect(await nav(page).isVisible()).toBe(true);
    await page.locator('a.menu-close').click();
    expect(await nav(page).isVisible()).toBe(false);
    await context.close();
  });

  it('loads React only once the menu is touched, and the first tap opens the menu', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') requested.push(new URL(r.url()).pathname);
    });
    // A script the CSP refuses, or a hydration that does not match the server's HTML, says so here.
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content.Security.Policy|Refused to/i.test(m.text()))
        errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.origin}/sbsa/result/game`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const island = page.locator('astro-island', { has: page.locator('.menu-toggle') });
    const react = new URL((await island.getAttribute('renderer-url'))!, site.origin).pathname;
    const component = new URL((await island.getAttribute('component-url'))!, site.origin).pathname;
    expect(requested, 'scripts before the menu is touched').toEqual([]);

    // The tap lands while React is still on its way: the link opens the panel by itself…
    const release = await holdScripts(page);
    const toggle = page.locator('.menu-toggle');
    await toggle.tap();
    expect(await nav(page).isVisible()).toBe(true);
    await expect.poll(() => requested).toContain(react);
    expect(requested).toContain(component);
    expect(await toggle.getAttribute('aria-expanded')).toBeNull();
    // …and the button it becomes starts open, then closes and opens on the next taps.
    release();
    await buttonReady(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav(page).isVisible()).toBe(true);
    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).isVisible()).toBe(false);
    await toggle.tap();
    expect(await nav(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu when the button wakes between the press and its release', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.origin}/sbsa/result/game`);
    const release = await holdScripts(page);
    const toggle = page.locator('.menu-toggle');
    const box = (await toggle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await buttonReady(page);
    await page.mouse.up();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav(page).isVisible()).toBe(true);
    await page.close();
  });

  it('keeps the keyboard focus and the open menu when the button wakes after Enter', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.origin}/sbsa`);
    const release = await holdScripts(page);
    const toggle = page.locator('.menu-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await nav(page).isVisible()).toBe(true);
    release();
    await buttonReady(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await nav(page).isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')),
    ).toBe(true);
    await page.close();
  });

  it('never scrolls the page sideways at 320 px, with the menu closed or open', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
    const sideways = () =>
      page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    for (const [kind, path] of Object.entries(pageTypes(site.index))) {
      await page.goto(site.origin + path);
      const [closed, width] = await sideways();
      expect(closed, `${kind} ${path}`).toBeLessThanOrEqual(width);
      await page.locator('.menu-toggle').click();
      expect(await nav(page).isVisible(), kind).toBe(true);
      const [open] = await sideways();
      expect(open, `${kind} ${path} with the menu open`).toBeLessThanOrEqual(width);
    }
    await page.close();
  });
});
