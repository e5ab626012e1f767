import { useMemo } from 'react';
import { formatWeight } from '../../../domain/balance';
import type { Discussion } from '../../../domain/discussion/discussion';
import type { MapId } from '../../../domain/map-id';

// PRODUCT §6.10: the two figures of a discussion, each drawn for the eye and told in text for
// screen readers: where each map stands on one axis (rule N7), and the opinion groups' plot
// (rules N8–N10), where a group is told by its shape as well as its colour.

export function StanceAxis({
  stances,
  titles,
}: {
  stances: Discussion['stances'];
  titles: ReadonlyMap<MapId, string>;
}) {
  // The axis is symmetric about 0, so that a map's side reads at a glance.
  const extent = Math.max(1, ...stances.map((s) => Math.abs(s.net)));
  const placed = useMemo(
    () => [...stances].sort((a, b) => a.net - b.net || (a.mapId < b.mapId ? -1 : 1)),
    [stances],
  );
  return (
    <section className="discussion-stances" aria-labelledby="stances-heading">
      <h2 id="stances-heading">Where each map stands</h2>
      {/* One row a map, on one shared scale: readable at any width. The table says the same. */}
      <div className="stance-plot" aria-hidden="true">
        <div className="stance-scale">
          <span>Against</span>
          <span>0</span>
          <span>For</span>
        </div>
        {placed.map((stance) => (
          <div key={stance.mapId} className="stance-row">
            <span className="stance-title" dir="auto">
              {titles.get(stance.mapId) ?? stance.mapId}
            </span>
            <span className="stance-track">
              <span className="stance-dot" style={{ left: `${50 + (50 * stance.net) / extent}%` }} />
            </span>
          </div>
        ))}
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Each map's net weight, from against (below 0) to for (above 0)</caption>
          <thead>
            <tr>
              <th scope="col">Map</th>
              <th scope="col">Net weight</th>
            </tr>
          </thead>
          <tbody>
            {placed.map((stance) => (
              <tr key={stance.mapId}>
                <td>{titles.get(stance.mapId) ?? stance.mapId}</td>
                <td>{formatWeight(stance.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One shape per group, so that no group is told by its colour alone. */
const shapes = ['circle', 'square', 'triangle', 'diamond', 'cross'] as const;
type Shape = (typeof shapes)[number];

function Marker({ shape, x, y, size }: { shape: Shape; x: number; y: number; size: number }) {
  const s = size;
  switch (shape) {
    case 'circle':
      return <circle cx={x} cy={y} r={s} />;
    case 'square':
      return <rect x={x - s} y={y - s} width={2 * s} height={2 * s} />;
    case 'triangle':
      return <polygon points={`${x},${y - s * 1.2} ${x - s * 1.1},${y + s} ${x + s * 1.1},${y + s}`} />;
    case 'diamond':
      return (
        <polygon points={`${x},${y - s * 1.3} ${x + s * 1.3},${y} ${x},${y + s * 1.3} ${x - s * 1.3},${y}`} />
      );
    case 'cross':
      return (
        <path
          d={`M${x - s},${y - s / 3}h${(2 * s) / 3}v${-(2 * s) / 3}h${(2 * s) / 3}v${(2 * s) / 3}h${(2 * s) / 3}v${(2 * s) / 3}h${-(2 * s) / 3}v${(2 * s) / 3}h${-(2 * s) / 3}v${-(2 * s) / 3}h${-(2 * s) / 3}z`}
        />
      );
  }
}

function GroupMarker({ at }: { at: number }) {
  return (
    <svg
      className={`group-marker group-${at}`}
      viewBox="0 0 20 20"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <Marker shape={shapes[at % shapes.length]!} x={10} y={10} size={6} />
    </svg>
  );
}

interface OpinionGroupsProps {
  opinion: Discussion['opinion'];
  titles: ReadonlyMap<MapId, string>;
  mapCount: number;
}

/** "Opinion groups": the plot and each group, or why there are none (rules N8–N10). */
export function OpinionGroupsView({ opinion, titles, mapCount }: OpinionGroupsProps) {
  const groupOf = useMemo(() => {
    const byMap = new Map<MapId, number>();
    opinion.groups.forEach((group, at) => group.mapIds.forEach((id) => byMap.set(id, at)));
    return byMap;
  }, [opinion]);
  const size = 320;
  const scale = useMemo(() => {
    const xs = opinion.points.map((p) => p.x);
    const ys = opinion.points.map((p) => p.y);
    const span = (values: number[]) => Math.max(1e-9, Math.max(...values) - Math.min(...values));
    return {
      x: (x: number) => 20 + ((x - Math.min(...xs)) / span(xs)) * (size - 40),
      y: (y: number) => 20 + ((y - Math.min(...ys)) / span(ys)) * (size - 40),
    };
  }, [opinion]);
  return (
    <section className="discussion-groups" aria-labelledby="groups-heading">
      <h2 id="groups-heading">Opinion groups</h2>
      {opinion.groups.length === 0 ? (
        <p>
          {opinion.noGroups === 'too-few-maps'
            ? `No opinion groups are shown: they need at least 5 maps, and this discussion has ${mapCount}.`
            : 'No opinion groups are shown: no way of grouping these maps sets them clearly apart.'}
        </p>
      ) : (
        <>
          <p>
            Each map is a point: maps close together weigh the shared reasons alike. Each group has its own
            colour and shape.
          </p>
          <svg
            className="discussion-plot"
            viewBox={`0 0 ${size} ${size}`}
            aria-hidden="true"
            focusable="false"
          >
            <rect x={1} y={1} width={size - 2} height={size - 2} className="plot-frame" />
            {opinion.points.map((point) => {
              const at = groupOf.get(point.mapId) ?? 0;
              return (
                <g key={point.mapId} className={`group-${at}`}>
                  <Marker
                    shape={shapes[at % shapes.length]!}
                    x={scale.x(point.x)}
                    y={scale.y(point.y)}
                    size={6}
                  />
                </g>
              );
            })}
          </svg>
          <ul className="discussion-group-list">
            {opinion.groups.map((group, at) => (
              <li key={group.name}>
                <h3>
                  <GroupMarker at={at} /> {group.name}
                </h3>
                <p>{`${group.mapIds.length} maps: ${group.mapIds.map((id) => titles.get(id) ?? id).join('; ')}`}</p>
                {group.distinctive.length > 0 && (
                  <>
                    <p>Sets it apart:</p>
                    <ul>
                      {group.distinctive.map((reason) => (
                        <li key={reason.key}>
                          <span dir="auto">{reason.title}</span>
                          {`: weight ${formatWeight(reason.groupMean)} here, ${formatWeight(reason.restMean)} elsewhere`}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
