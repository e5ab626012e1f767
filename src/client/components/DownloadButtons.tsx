import { useId, useState } from 'react';
import type { Draft, PublishedMap } from '../../domain/belief-map';
import type { ExportFormat } from '../../domain/formats/export-map';
import type { PictureFormat } from '../lib/map-picture';
import { saveFile } from '../lib/save-file';
import { DisclosureButton } from './DisclosureButton';
import { useColorScheme } from './use-color-scheme';
import { siteLink } from '../lib/site';

// PRODUCT §15.2: "Download" on a map: JSON, Markdown, Argdown, AIF-JSON or a picture (PNG or SVG),
// all made in the browser, and "Print" on a map page. The converters load on first use, so they
// cost the first page nothing (PRODUCT §13.5).

const formats: { format: ExportFormat | PictureFormat; name: string }[] = [
  { format: 'json', name: 'Download JSON' },
  { format: 'markdown', name: 'Download Markdown' },
  { format: 'argdown', name: 'Download Argdown' },
  { format: 'aif', name: 'Download AIF-JSON' },
  { format: 'png', name: 'Download picture (PNG)' },
  { format: 'svg', name: 'Download picture (SVG)' },
];

const isPicture = (format: ExportFormat | PictureFormat): format is PictureFormat =>
  format === 'png' || format === 'svg';

interface DownloadButtonsProps {
  /** The map to download, or a function that loads it (a recorded map on Your maps). */
  map: PublishedMap | Draft | (() => Promise<PublishedMap | Draft | null>);
  /** The id of the map's title, which describes the buttons where several maps are listed. */
  describedBy?: string;
  /** The id of a published map, whose address its picture shows under the title. */
  mapId?: string;
  /** Offers "Print" too: on a map's own page, which prints as the map alone. */
  printable?: boolean;
  /** The id of the "Download" button: its stand-in's, while the page was loading. */
  buttonId?: string;
  /** Opens with the formats shown: the stand-in was pressed while they loaded. */
  initiallyOpen?: boolean;
}

/** A "Download" button that shows the formats, each saving a file named after the map. */
export function DownloadButtons({
  map,
  describedBy,
  mapId,
  printable = false,
  buttonId,
  initiallyOpen = false,
}: DownloadButtonsProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [error, setError] = useState<string | null>(null);
  const [scheme] = useColorScheme();
  const id = useId();

  async function download(format: ExportFormat | PictureFormat) {
    setError(null);
    try {
      const value = await (typeof map === 'function' ? map() : map);
      if (!value) throw new Error('The map no longer exists.');
      if (isPicture(format)) {
        const { pictureFile } = await import('../lib/map-picture');
        const link = 'updatedAt' in value || !mapId ? null : siteLink(`/map/${mapId}`);
        saveFile(await pictureFile(value, format, { scheme, link }));
      } else {
        const { exportMap } = await import('../../domain/formats/export-map');
        saveFile(exportMap(value, format));
      }
    } catch (failure) {
      setError(`Could not download the map: ${(failure as Error).message}`);
    }
  }

  return (
    <div className="download">
      <DisclosureButton
        id={buttonId}
        className="download-button"
        controls={id}
        open={open}
        onToggle={setOpen}
        describedBy={describedBy}
      >
        Download
      </DisclosureButton>
      <div id={id} className="download-formats" hidden={!open} role="group" aria-label="Download formats">
        {formats.map(({ format, name }) => (
          <button
            key={format}
            type="button"
            aria-describedby={describedBy}
            onClick={() => void download(format)}
          >
            {name}
          </button>
        ))}
        {printable && (
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
