import type { Shortcut } from '../lib/shortcut-list';
import './shortcuts.css';

/** A table of shortcuts: the keys, each a <kbd>, and what they do (PRODUCT §13.1). */
export function ShortcutsList({ caption, shortcuts }: { caption: string; shortcuts: readonly Shortcut[] }) {
  return (
    <table className="shortcuts-list">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Keys</th>
          <th scope="col">What they do</th>
        </tr>
      </thead>
      <tbody>
        {shortcuts.map(({ keys, description }) => (
          <tr key={description}>
            <td>
              {keys.map((key, i) =>
                key === '–' ? (
                  <span key={i}> to </span>
                ) : (
                  <span key={i}>
                    {i > 0 && keys[i - 1] !== '–' && ' + '}
                    <kbd>{key}</kbd>
                  </span>
                ),
              )}
            </td>
            <td>{description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
