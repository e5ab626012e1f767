import type { Draft, PublishedMap } from '../../domain/belief-map';
import { mapFileNameOf } from '../../domain/formats/file-name';
import {
  layOutPicture,
  leastPictureHeight,
  pictureFontFamily,
  type MapPicture,
  type MeasureText,
} from '../../domain/formats/map-picture';
import type { FileToSave } from './save-file';

// PRODUCT §15.2: "Download picture (PNG)" and "(SVG)", made here in the browser, drafts included:
// nothing is sent to the server. Loaded on the first picture, so it costs no page's first load.

export type PictureFormat = 'png' | 'svg';

/** The most pixels a canvas side may have in the browsers the app supports. */
const maxCanvasSide = 32_767;

const tooLongForPng = 'The map is too long for a PNG picture: download the SVG picture instead.';

/**
 * Longest the layout runs before giving the browser its turn: well under the 200 ms a task may
 * take (PRODUCT §13.6), with room for a slow or busy machine.
 */
const sliceMs = 40;

/** Lets the browser handle input and paint before the next slice of work. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The picture of `data`, laid out in slices of at most about `sliceMs`, never in one long task. */
async function layOutInSlices(
  data: Parameters<typeof layOutPicture>[0],
  options: Parameters<typeof layOutPicture>[1],
): Promise<MapPicture> {
  const steps = layOutPicture(data, options);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
  }
}

/** Text widths as this browser draws the picture's font: the SVG picture is laid out with them. */
function canvasMeasurer(): MeasureText {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  return (text, { size, weight }) => {
    context.font = `${weight} ${size}px ${pictureFontFamily}`;
    // A twentieth more: the SVG file, opened elsewhere, is drawn in that system's own fonts.
    return context.measureText(text).width * 1.05;
  };
}

/** The PNG of `svg`, drawn twice as sharp as its size (less for a very long map). */
async function toPng(svg: string, width: number, height: number): Promise<Blob> {
  const scale = Math.min(2, maxCanvasSide / height);
  if (scale < 1) throw new Error(tooLongForPng);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw pictures.');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The picture of `map` in `format`, in the colour mode `scheme`, with `link` (the published map's
 * address) under its title, or a note that it is a draft when null; named as every download is.
 */
export async function pictureFile(
  map: PublishedMap | Draft,
  format: PictureFormat,
  { scheme, link }: { scheme: 'light' | 'dark'; link: string | null },
): Promise<FileToSave> {
  // A map sure to be taller than a canvas can be is refused at once, before any layout.
  if (format === 'png' && leastPictureHeight(map.data) > maxCanvasSide) throw new Error(tooLongForPng);
  const { svg, width, height } = await layOutInSlices(map.data, { scheme, link, measure: canvasMeasurer() });
  const name = `${mapFileNameOf(map)}.${format}`;
  if (format === 'svg') return { name, type: 'image/svg+xml;charset=utf-8', text: svg };
  return { name, type: 'image/png', text: await toPng(svg, width, height) };
}
