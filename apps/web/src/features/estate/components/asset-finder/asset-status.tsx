/** How an asset's status looks, in a badge and on the plot map: a colour, and for all but "available" a hatching,
 * so that the status never rests on colour alone (the plot's name and the key say it in words too). */
import type { AssetStatus } from '@portal/contract';
import { StatusBadge, type StatusBadgeTone } from '../../../../components/ui/status-badge';

export const ASSET_STATUS_TONES: Record<AssetStatus, StatusBadgeTone> = {
  available: 'green',
  reserved: 'amber',
  allotted: 'blue',
  other: 'grey',
};

export function AssetStatusLabel({ status }: { status: AssetStatus }) {
  return <StatusBadge status={status} tone={ASSET_STATUS_TONES[status]} />;
}

/** Fill, edge and hatching per status (Tailwind's 100 fills and 700/800 inks: the ink on the fill is above 4.5:1). */
export const PLOT_STYLES: Record<
  AssetStatus,
  { fill: string; ink: string; pattern: 'none' | 'diagonal' | 'cross' | 'dots' }
> = {
  available: { fill: '#dcfce7', ink: '#166534', pattern: 'none' },
  reserved: { fill: '#fef3c7', ink: '#92400e', pattern: 'diagonal' },
  allotted: { fill: '#dbeafe', ink: '#1e40af', pattern: 'cross' },
  other: { fill: '#f1f5f9', ink: '#334155', pattern: 'dots' },
};

/** The id of a status's hatching inside one map (each map has its own, so two maps on a page do not share ids). */
export const patternId = (prefix: string, status: AssetStatus) => `${prefix}-pattern-${status}`;

/** The <pattern> definitions of the statuses that are hatched. */
export function PlotPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      {(Object.keys(PLOT_STYLES) as AssetStatus[]).map((status) => {
        const { ink, pattern } = PLOT_STYLES[status];
        if (pattern === 'none') return null;
        return (
          <pattern
            key={status}
            id={patternId(prefix, status)}
            width="8"
            height="8"
            patternUnits="userSpaceOnUse"
            patternTransform={pattern === 'diagonal' ? 'rotate(45)' : undefined}
          >
            {pattern === 'diagonal' && <line x1="0" y1="0" x2="0" y2="8" stroke={ink} strokeWidth="2" />}
            {pattern === 'cross' && <path d="M0 0 L8 8 M8 0 L0 8" stroke={ink} strokeWidth="1.25" fill="none" />}
            {pattern === 'dots' && <circle cx="4" cy="4" r="1.4" fill={ink} />}
          </pattern>
        );
      })}
    </defs>
  );
}

/** A plot's body: the status fill with its hatching over it. */
export function PlotShape({
  prefix,
  status,
  x,
  y,
  width,
  height,
}: {
  prefix: string;
  status: AssetStatus;
  x: number;
  y: number;
  width: number;
  height: number;
}) {
  const { fill, ink, pattern } = PLOT_STYLES[status];
  return (
    <>
      <rect x={x} y={y} width={width} height={height} fill={fill} stroke={ink} strokeWidth="1.5" rx="2" />
      {pattern !== 'none' && (
        <rect
          x={x}
          y={y}
          width={width}
          height={height}
          fill={`url(#${patternId(prefix, status)})`}
          opacity="0.45"
          rx="2"
        />
      )}
    </>
  );
}
