import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** Debian's Chromium, headless; the path can be changed with CHROMIUM_PATH. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
