/**
 * The inspector in a real browser: Chromium (the Debian package, /usr/bin/chromium) driven by
 * playwright-core against the real server with auth on. Ingest a job change, open the inspector,
 * give the token, find the user, see both employers and the chain, run a recall in the
 * playground, forget a memory with confirmation; a screenshot goes to test-output/ (gitignored).
 * Skips, saying so, only when Chromium is not installed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from 'vite';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MemoryClient } from '../../client/index.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.warn(`inspector browser test skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT = join(ROOT, 'test-output', 'inspector.png');
const TOKEN = 'browser-token';

let work: string;
let built: BuiltApp;
let baseUrl: string;
let context: BrowserContext;
let page: Page;

describe.skipIf(!HAVE_CHROMIUM)('inspector in Chromium', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'inspector-'));
    const outDir = join(work, 'web');
    // The current web/ sources, built the way `npm run build` builds them, into a private folder.
    await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), build: { outDir, emptyOutDir: true }, logLevel: 'error' });
    built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', MEMORY_AUTH_TOKEN: TOKEN }), { inspectorDir: `${outDir}/` });
    baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    const sdk = new MemoryClient({ baseUrl, token: TOKEN });
    const say = (session: string, content: string, timestamp: string) => sdk.addTurn({ session_id: session, user_id: 'ada', messages: [{ role: 'user', content }, { role: 'assistant', content: 'Noted.' }], timestamp });
    await say('ada-s1', 'I work at Stripe as a backend engineer.', '2024-05-01T10:00:00Z');
    await say('ada-s2', 'I just started a new job at Notion!', '2024-06-01T10:00:00Z');
    await say('ada-s2', 'I have a dog named Rex.', '2024-06-01T10:05:00Z');
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      viewport: { width: 1400, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await built?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('token → user → both employers and the chain → recall with signals → forget with confirmation', { timeout: 120_000 }, async () => {
    const offline: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseUrl)) offline.push(r.url());
    });
    await page.goto(`${baseUrl}/`);
    // Auth is on and no token yet: the page says so instead of showing data.
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('UNAUTHORIZED');
    await page.locator('input[name=token]').fill(TOKEN);
    await page.locator('input[name=token]').press('Enter');
    await page.locator('input[name=token]').blur();
    expect(await page.evaluate("sessionStorage.getItem('memory-service.token')")).toBe(TOKEN);

    await page.locator('input[name=user]').fill('ad');
    await page.getByRole('button', { name: 'ada', exact: true }).click();
    const rows = page.locator('table.memories tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const table = await page.locator('table.memories').innerText();
    expect(table).toContain('Stripe');
    expect(table).toContain('Notion');
    expect(table).toContain('superseded');
    expect(table).toContain('I work at Stripe as a backend engineer.');

    await page.getByRole('tab', { name: 'Timeline' }).click();
    const chain = page.locator('section.chain[data-key=employer]');
    expect((await chain.locator('.step-value').allInnerTexts()).map((s) => s.trim())).toEqual(['Stripe', 'Notion']);
    expect(await chain.locator('.step.current .step-value').innerText()).toBe('Notion');

    await page.getByRole('tab', { name: 'Turns' }).click();
    expect(await page.locator('section.session h3').allInnerTexts()).toEqual([expect.stringContaining('ada-s1'), expect.stringContaining('ada-s2')]);

    await page.getByRole('tab', { name: 'Recall playground' }).click();
    await page.locator('input[name=query]').fill('Where does the user work now?');
    await page.locator('input[name=budget]').fill('300');
    await page.getByRole('button', { name: 'Recall' }).click();
    const employerLine = page.locator('table.context tr.line', { hasText: 'employer' });
    await expect.poll(() => employerLine.count()).toBe(1);
    expect(await employerLine.locator('td.ctx').innerText()).toContain('Notion');
    expect(await employerLine.locator('.chip').count()).toBeGreaterThan(0);
    expect(await employerLine.locator('q').count()).toBeGreaterThan(0);
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // Forget asks first; Cancel keeps the memory, Yes forgets it.
    await page.getByRole('tab', { name: 'Memories' }).click();
    const rex = page.locator('table.memories tbody tr', { hasText: 'Rex' });
    await rex.getByRole('button', { name: 'Forget' }).click();
    await rex.getByRole('button', { name: 'Cancel' }).click();
    expect(await rex.count()).toBe(1);
    await rex.getByRole('button', { name: 'Forget' }).click();
    await rex.getByRole('button', { name: 'Yes, forget' }).click();
    await expect.poll(() => rex.count()).toBe(0);
    const remaining = await new MemoryClient({ baseUrl, token: TOKEN }).listMemories('ada');
    expect(remaining.some((m) => m.value.includes('Rex'))).toBe(false);
    expect(remaining.some((m) => m.value === 'Notion')).toBe(true);

    expect(offline).toEqual([]);
  });

  test('unknown API paths keep the JSON 404; the page needs no token', async () => {
    const page404 = await fetch(`${baseUrl}/no/such/route`);
    expect(page404.status).toBe(401); // auth runs first: no data and no route list without the token
    const api404 = await fetch(`${baseUrl}/no/such/route`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(api404.status).toBe(404);
    expect(((await api404.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const missingAsset = await fetch(`${baseUrl}/inspector/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
    const index = await fetch(`${baseUrl}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
  });
});
