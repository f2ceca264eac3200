// Renders the app icon (client/icon.svg) to the PNG sizes the web manifest lists, in headless Chromium so the
// PNGs match the SVG exactly. Run by hand after changing the SVG: `node scripts/build-icons.mjs`; the PNGs
// are committed under client/icons/. Chromium: /usr/bin/chromium, or set CHROMIUM_PATH.
//
// The maskable icon fills the whole square with the brand colour and keeps the artwork inside the central
// 80% safe zone, so a launcher may crop it to a circle or squircle without cutting the bars.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const svg = await readFile(join(root, 'client', 'icon.svg'), 'utf8');
const outDir = join(root, 'client', 'icons');
const BRAND = '#1d3f6e';

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

function pageFor({ size, maskable }) {
  const art = maskable ? Math.round(size * 0.8) : size;
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;background:${maskable ? BRAND : 'transparent'}">
    <div style="width:${size}px;height:${size}px;display:grid;place-items:center">
      <img src="${dataUrl}" width="${art}" height="${art}" alt="">
    </div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(pageFor(icon));
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: !icon.maskable, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await writeFile(join(outDir, icon.file), png);
    await page.close();
    console.log(`client/icons/${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
