// Lighthouse (mobile, the default form factor and simulated throttling) against pages served
// by the local gateway:
//   node infra/lighthouse/bench.mjs http://127.0.0.1:3000/ [http://127.0.0.1:3000/test-the-waters ...]
// Prints each category's score (0–100) and the key metrics per URL, and writes
// bench-results/lighthouse.json. Scores are printed, not asserted; the target is >= 95 each.
//
// Each URL is measured LIGHTHOUSE_RUNS times (default 3) and the run with the median
// performance score is reported, as Lighthouse recommends for its run-to-run variance.
// Every run gets its own tab brought to the front: a background tab in headless Chromium
// renders at about one frame per second, which makes first paints look seconds late.
//
// CHROMIUM_PATH overrides the browser (default /usr/bin/chromium); LIGHTHOUSE_OUT the output.
// chrome-launcher and puppeteer-core are the versions lighthouse itself depends on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node infra/lighthouse/bench.mjs <url> [<url> ...]');
  process.exit(2);
}
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = process.env.LIGHTHOUSE_OUT ?? resolve(root, 'bench-results/lighthouse.json');

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  logLevel: 'silent',
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/** One Lighthouse run of `url` in a fresh foreground tab. */
async function measure(url) {
  const page = await browser.newPage();
  try {
    await page.bringToFront();
    const runner = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, undefined, page);
    if (!runner) throw new Error(`Lighthouse returned no result for ${url}`);
    if (runner.lhr.runtimeError) throw new Error(`${url}: ${runner.lhr.runtimeError.code} ${runner.lhr.runtimeError.message}`);
    return runner.lhr;
  } finally {
    await page.close();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

const results = [];
try {
  for (const url of urls) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measure(url));
    const ordered = [...all].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = ordered[Math.floor((ordered.length - 1) / 2)];

    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr, id)]));
    const metrics = Object.fromEntries(
      METRICS.map(([id, name]) => [name, { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? 'n/a' }]),
    );
    // Audits that cost points, so a score below target says why.
    const failing = CATEGORIES.flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
        .map((ref) => ({ category, id: ref.id, title: lhr.audits[ref.id].title, score: lhr.audits[ref.id].score })),
    );
    const performanceRuns = all.map((run) => score(run, 'performance'));

    console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}: ${url} (median of ${runs}: performance ${performanceRuns.join(', ')})`);
    for (const category of CATEGORIES) console.log(`  ${category.padEnd(15)} ${String(scores[category]).padStart(3)}`);
    console.log(`  ${METRICS.map(([, name]) => `${name} ${metrics[name].display}`).join(' · ')}`);
    for (const audit of failing) console.log(`  - ${audit.category}: ${audit.title} (${audit.id}, ${audit.score})`);

    results.push({
      url,
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      lighthouseVersion: lhr.lighthouseVersion,
      fetchTime: lhr.fetchTime,
      runs: performanceRuns,
      scores,
      metrics,
      failing,
    });
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
}

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ results }, null, 2)}\n`);
console.log(`  wrote ${out}`);
