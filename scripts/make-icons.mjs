// Draws the app's install icons (PRODUCT §13.7) from the favicon's shapes: src/client/public/
// icon-192.png, icon-512.png and icon-maskable-512.png, whose glyph keeps to the middle 60% so a
// launcher can cut the square to a circle. Run after changing the favicon: `node scripts/make-icons.mjs`.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const out = new URL('../src/client/public/', import.meta.url).pathname;
const glyph = '<path d="M8 22h16M16 8v14M10 14h12" stroke="#fff" stroke-width="3" stroke-linecap="round"/>';
const icons = [
  { file: 'icon-192.png', size: 192, svg: `<rect width="32" height="32" rx="6" fill="#1d4ed8"/>${glyph}` },
  { file: 'icon-512.png', size: 512, svg: `<rect width="32" height="32" rx="6" fill="#1d4ed8"/>${glyph}` },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<rect width="32" height="32" fill="#1d4ed8"/><g transform="translate(16 16) scale(0.7) translate(-16 -15)">${glyph}</g>`,
  },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}" style="display:block">${svg}</svg>`,
    );
    await page.screenshot({ path: out + file, omitBackground: true });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
