// Screenshots of pages at phone and desktop widths, for looking at what users see.
//   node infra/scripts/screenshot.mjs http://localhost:3000 out-dir /path1 /path2 ...
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../spa/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const [base, out, ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: process.env.FULL === '1' });
  }
  await context.close();
}
await browser.close();
