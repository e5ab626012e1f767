import type { Draft, PublishedMap } from '../../domain/belief-map';
import { mapFileNameOf } from '../../domain/formats/file-name';
import { mapPicture, pictureFontFamily, type MeasureText } from '../../domain/formats/map-picture';
import type { FileToSave } from './save-file';

// PRODUCT §15.2: "Download picture (PNG)" and "(SVG)", made here in the browser, drafts included:
// nothing is sent to the server. Loaded on the first picture, so it costs no page's first load.

export type PictureFormat = 'png' | 'svg';

/** The most pixels a canvas side may have in the browsers the app supports. */
const maxCanvasSide = 32_767;

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
  if (scale < 1) throw new Error('The map is too long for a PNG picture: download the SVG picture instead.');
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
  const { svg, width, height } = mapPicture(map.data, { scheme, link, measure: canvasMeasurer() });
  const name = `${mapFileNameOf(map)}.${format}`;
  if (format === 'svg') return { name, type: 'image/svg+xml;charset=utf-8', text: svg };
  return { name, type: 'image/png', text: await toPng(svg, width, height) };
}
