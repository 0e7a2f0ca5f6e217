/// <reference lib="dom" />
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

export const ARTIFACTS = join(__dirname, '..', 'artifacts');

/** Russian number formatting's no-break and narrow no-break spaces as plain ones, so texts compare as read. */
export const plainText = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
// Tests write reports there before their first screenshot (sign-in-js.json), on a fresh checkout too.
mkdirSync(ARTIFACTS, { recursive: true });
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Debian's chromium (PATH) or CHROMIUM_PATH, headless, with nothing reaching out to the network on its own. */
export function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH || execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A page that records every uncaught error, console error and CSP violation, so a test can insist
 * there were none.
 */
export class WatchedPage {
  readonly errors: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly appUrl: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedConsoleError(message.text()))
        this.errors.push(`console: ${message.text()}`);
    });
  }

  /**
   * `publicBase` → `appUrl`: links the service builds from PUBLIC_BASE_URL (signed avatar links) are
   * fetched from the app under test, as DNS would send them to it in production.
   */
  static async open(
    browser: Browser,
    options: { viewport?: { width: number; height: number }; publicBase: string; appUrl: string },
  ): Promise<WatchedPage> {
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 860 },
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    });
    await context.route(`${options.publicBase}/**`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(options.publicBase, options.appUrl) });
      await route.fulfill({ response });
    });
    return new WatchedPage(context, await context.newPage(), options.appUrl);
  }

  /** Signs the page in with a session token where the cabinet keeps it, without going through the form. */
  async signInWith(token: string): Promise<void> {
    await this.page.goto(`${this.appUrl}/login`);
    await this.page.evaluate((value) => window.localStorage.setItem('botlens.session', value), token);
  }

  /** The errors seen since the last call. */
  takeErrors(): string[] {
    return this.errors.splice(0);
  }

  async screenshot(name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    await this.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  }

  /** axe-core's serious and critical violations on the page as it is now, one line each. */
  async accessibilityViolations(): Promise<string[]> {
    // Evaluated through the DevTools protocol, which the page's CSP does not govern (an injected <script> would be refused);
    // once per loaded document: the cabinet's own navigation keeps it, and each copy is 0.5 MB for Chromium to parse.
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(AXE_SOURCE);
    const violations = await this.page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: object,
            ): Promise<{
              violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join(', ')})`);
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/** Console lines a browser prints for answers the app expects and shows (a refused sign-in, a 404 it explains). */
function isExpectedConsoleError(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of (401|403|404|409)/.test(text);
}
