import { useId, useState } from 'react';
import type { Draft, PublishedMap } from '../../domain/belief-map';
import type { ExportFormat } from '../../domain/formats/export-map';
import { saveFile } from '../lib/save-file';
import { DisclosureButton } from './DisclosureButton';

// PRODUCT §15.2: "Download" on a map: JSON, Markdown, Argdown or AIF-JSON, made in the browser. The
// converters load on first use, so they cost the first page nothing (PRODUCT §13.5).

const formats: { format: ExportFormat; name: string }[] = [
  { format: 'json', name: 'Download JSON' },
  { format: 'markdown', name: 'Download Markdown' },
  { format: 'argdown', name: 'Download Argdown' },
  { format: 'aif', name: 'Download AIF-JSON' },
];

interface DownloadButtonsProps {
  /** The map to download, or a function that loads it (a recorded map on Your maps). */
  map: PublishedMap | Draft | (() => Promise<PublishedMap | Draft | null>);
  /** The id of the map's title, which describes the buttons where several maps are listed. */
  describedBy?: string;
}

/** A "Download" button that shows the four formats, each saving a file named after the map. */
export function DownloadButtons({ map, describedBy }: DownloadButtonsProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function download(format: ExportFormat) {
    setError(null);
    try {
      const [{ exportMap }, value] = await Promise.all([
        import('../../domain/formats/export-map'),
        typeof map === 'function' ? map() : map,
      ]);
      if (!value) throw new Error('The map no longer exists.');
      saveFile(exportMap(value, format));
    } catch (failure) {
      setError(`Could not download the map: ${(failure as Error).message}`);
    }
  }

  return (
    <div className="download">
      <DisclosureButton
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
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
