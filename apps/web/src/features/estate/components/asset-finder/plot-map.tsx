/** A zone's plot layout as an SVG map: each plot a rectangle on the zone's grid, coloured and hatched by its live
 * status, faded when the filters beside it leave it out, and a keyboard and screen-reader control of its own (a
 * button named with its code, type, area, valuation and status). One plot at a time is in the tab order (Tab enters
 * and leaves the map), the arrow keys move to the nearest plot in that direction, Home and End to the first and last,
 * and Enter or Space chooses it. The facts of the plot under the pointer or focus are written out beside the map. */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatNumber,
  formatRupees,
  type Asset,
  type AssetMapPosition,
  type AssetStatus,
  type ZoneMap,
} from '@portal/contract';
import { useZoneMap } from '../../../../api/assets';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Spinner } from '../../../../components/ui/spinner';
import { AssetFacts } from './asset-facts';
import { PLOT_STYLES, PlotPatterns, PlotShape } from './asset-status';

/** Pixels per grid cell at full size; the map shrinks to fit its column down to MIN_CELL, then scrolls sideways. */
const CELL = 36;
const MIN_CELL = 22;
/** The road between neighbouring plots: each plot is drawn this far inside its cells. */
const INSET = 2;

type MappedAsset = Asset & { map: AssetMapPosition };

export interface PlotMapProps {
  map: ZoneMap;
  /** The chosen plot: outlined, and announced as pressed. Leave it undefined where choosing only navigates. */
  selectedId?: string | null;
  onSelect?: (asset: Asset) => void;
  /** Which plots may be chosen (default: every one); the others are announced as unavailable. */
  canSelect?: (asset: Asset) => boolean;
  /** Which plots pass the filters beside the map (default: all); the others are faded. */
  matches?: (asset: Asset) => boolean;
  /** Shown under the facts of the plot in view: an action for it (a link to apply, a button to edit). */
  renderAction?: (asset: Asset) => ReactNode;
  className?: string;
}

type Direction = 'left' | 'right' | 'up' | 'down';

const KEY_DIRECTIONS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

const centre = ({ map }: MappedAsset) => ({ x: map.x + map.w / 2, y: map.y + map.h / 2 });
const spansOverlap = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/** The plot nearest to `from` in `direction`: the least distance that way, with plots level with it preferred. */
export function nextPlot<T extends MappedAsset>(plots: readonly T[], from: T, direction: Direction): T | undefined {
  const here = centre(from);
  let best: { plot: T; score: number } | undefined;
  for (const plot of plots) {
    if (plot.id === from.id) continue;
    const there = centre(plot);
    const horizontal = direction === 'left' || direction === 'right';
    const ahead = { left: here.x - there.x, right: there.x - here.x, up: here.y - there.y, down: there.y - here.y }[
      direction
    ];
    if (ahead <= 0) continue;
    const level = horizontal
      ? spansOverlap(from.map.y, from.map.y + from.map.h, plot.map.y, plot.map.y + plot.map.h)
      : spansOverlap(from.map.x, from.map.x + from.map.w, plot.map.x, plot.map.x + plot.map.w);
    const aside = level ? 0 : Math.abs(horizontal ? there.y - here.y : there.x - here.x);
    const score = ahead + aside * 2;
    if (!best || score < best.score) best = { plot, score };
  }
  return best?.plot;
}

/** A plot's accessible name: its facts in words (code, type, area, valuation, status). */
export function usePlotName() {
  const { t } = useTranslation('asset-finder');
  return (asset: Asset, matching = true) =>
    [
      t('map.plotName', {
        code: asset.asset_code,
        type: t(`types.${asset.type}`),
        area: `${formatNumber(asset.total_area)} ${t(`units.${asset.unit}`)}`,
        valuation: formatRupees(asset.valuation),
        status: t(`statuses.${asset.status}`),
      }),
      ...(matching ? [] : [t('map.notMatching')]),
    ].join(', ');
}

/** What fits on a plot: its code, else the code's last part; its status in words when the plot is tall enough. */
function plotLabels(asset: MappedAsset, statusWord: string): { code: string | null; status: string | null } {
  const width = asset.map.w * CELL - INSET * 2 - 6;
  const fits = (text: string) => text.length * 6.2 <= width;
  const short = asset.asset_code.split('-').at(-1) ?? asset.asset_code;
  const code = fits(asset.asset_code) ? asset.asset_code : fits(short) ? short : null;
  const status = asset.map.h >= 2 && fits(statusWord) ? statusWord : null;
  return { code, status };
}

export function PlotMap({
  map,
  selectedId,
  onSelect,
  canSelect = () => true,
  matches = () => true,
  renderAction,
  className,
}: PlotMapProps) {
  const { t } = useTranslation('asset-finder');
  const prefix = `plot-map-${useId().replace(/:/g, '')}`;
  const plotName = usePlotName();
  const plots = useMemo(
    () =>
      map.plots
        .filter((plot): plot is MappedAsset => plot.map !== null)
        .sort((a, b) => a.map.y - b.map.y || a.map.x - b.map.x),
    [map.plots],
  );
  const elements = useRef(new Map<string, SVGGElement>());
  const [activeId, setActiveId] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);

  const byId = (id: string | null | undefined) => (id ? plots.find((plot) => plot.id === id) : undefined);
  // The one plot Tab reaches: the last one moved to, else the chosen one, else the first.
  const tabbable = byId(activeId) ?? byId(selectedId) ?? plots[0];
  const inView = byId(hoveredId) ?? byId(focusedId) ?? byId(selectedId);

  const moveTo = (plot: MappedAsset | undefined) => {
    if (!plot) return;
    setActiveId(plot.id);
    elements.current.get(plot.id)?.focus();
  };
  const choose = (plot: MappedAsset) => {
    if (onSelect && canSelect(plot)) onSelect(plot);
  };
  const onKeyDown = (plot: MappedAsset) => (event: KeyboardEvent<SVGGElement>) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) {
      event.preventDefault();
      moveTo(nextPlot(plots, plot, direction));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(event.key === 'Home' ? plots[0] : plots.at(-1));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(plot);
    }
  };

  const width = map.columns * CELL;
  const height = map.rows * CELL;
  const instructionsId = `${prefix}-instructions`;

  return (
    <div className={cn('space-y-3', className)}>
      <p id={instructionsId} className="text-sm text-slate-600">
        {t('map.instructions')}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-2">
          <svg
            role="group"
            aria-label={t('map.label', { zone: map.zone })}
            aria-describedby={instructionsId}
            viewBox={`0 0 ${width} ${height}`}
            className="block h-auto"
            style={{ width: '100%', maxWidth: width, minWidth: map.columns * MIN_CELL }}
          >
            <PlotPatterns prefix={prefix} />
            <rect x="0" y="0" width={width} height={height} fill="#f8fafc" />
            <g aria-hidden="true" stroke="#e2e8f0" strokeWidth="1">
              {Array.from({ length: map.columns + 1 }, (_, column) => (
                <line key={`c${column}`} x1={column * CELL} y1="0" x2={column * CELL} y2={height} />
              ))}
              {Array.from({ length: map.rows + 1 }, (_, row) => (
                <line key={`r${row}`} x1="0" y1={row * CELL} x2={width} y2={row * CELL} />
              ))}
            </g>
            {plots.map((plot) => {
              const x = (plot.map.x - 1) * CELL + INSET;
              const y = (plot.map.y - 1) * CELL + INSET;
              const w = plot.map.w * CELL - INSET * 2;
              const h = plot.map.h * CELL - INSET * 2;
              const matching = matches(plot);
              const selectable = Boolean(onSelect) && canSelect(plot);
              const selected = plot.id === selectedId;
              const focused = plot.id === focusedId;
              const labels = plotLabels(plot, t(`statuses.${plot.status}`));
              const ink = PLOT_STYLES[plot.status].ink;
              return (
                <g
                  key={plot.id}
                  ref={(element) => {
                    if (element) elements.current.set(plot.id, element);
                    else elements.current.delete(plot.id);
                  }}
                  role="button"
                  tabIndex={plot.id === tabbable?.id ? 0 : -1}
                  aria-label={plotName(plot, matching)}
                  aria-pressed={selectedId !== undefined ? selected : undefined}
                  aria-disabled={selectable ? undefined : true}
                  data-plot={plot.asset_code}
                  className={cn('outline-none', selectable && 'cursor-pointer')}
                  onKeyDown={onKeyDown(plot)}
                  onClick={() => {
                    setActiveId(plot.id);
                    choose(plot);
                  }}
                  onFocus={() => {
                    setFocusedId(plot.id);
                    setActiveId(plot.id);
                  }}
                  onBlur={() => setFocusedId((current) => (current === plot.id ? null : current))}
                  onMouseEnter={() => setHoveredId(plot.id)}
                  onMouseLeave={() => setHoveredId((current) => (current === plot.id ? null : current))}
                >
                  <g opacity={matching ? 1 : 0.35}>
                    <PlotShape prefix={prefix} status={plot.status} x={x} y={y} width={w} height={h} />
                    {labels.code && (
                      <text
                        x={x + w / 2}
                        y={y + h / 2 + (labels.status ? -3 : 4)}
                        textAnchor="middle"
                        fontSize="11"
                        fontWeight="600"
                        fill={ink}
                        aria-hidden="true"
                      >
                        {labels.code}
                      </text>
                    )}
                    {labels.status && (
                      <text
                        x={x + w / 2}
                        y={y + h / 2 + 11}
                        textAnchor="middle"
                        fontSize="10"
                        fill={ink}
                        aria-hidden="true"
                      >
                        {labels.status}
                      </text>
                    )}
                  </g>
                  {selected && (
                    <rect
                      x={x + 2}
                      y={y + 2}
                      width={w - 4}
                      height={h - 4}
                      fill="none"
                      stroke="#0b3d66"
                      strokeWidth="4"
                      rx="2"
                      aria-hidden="true"
                    />
                  )}
                  {focused && (
                    <>
                      <rect
                        x={x - 1}
                        y={y - 1}
                        width={w + 2}
                        height={h + 2}
                        fill="none"
                        stroke="#ffffff"
                        strokeWidth="5"
                        aria-hidden="true"
                      />
                      <rect
                        x={x - 1}
                        y={y - 1}
                        width={w + 2}
                        height={h + 2}
                        fill="none"
                        stroke="#0f172a"
                        strokeWidth="2.5"
                        strokeDasharray="6 3"
                        aria-hidden="true"
                      />
                    </>
                  )}
                </g>
              );
            })}
          </svg>
        </div>
        <div className="space-y-4">
          <PlotLegend prefix={prefix} showSelected={selectedId !== undefined} />
          <section aria-label={inView ? t('map.focused', { code: inView.asset_code }) : undefined}>
            {inView ? (
              <div className="space-y-3 rounded-md border border-slate-200 bg-white p-3">
                <h3 className="font-semibold text-slate-900">
                  {inView.asset_code} <span className="font-normal text-slate-600">· {t(`types.${inView.type}`)}</span>
                </h3>
                <AssetFacts asset={inView} />
                {renderAction?.(inView)}
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('map.hint')}</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** The key: each status's colour and hatching with its name, and what fading and the thick outline mean. */
export function PlotLegend({ prefix, showSelected = false }: { prefix: string; showSelected?: boolean }) {
  const { t } = useTranslation('asset-finder');
  const statuses = Object.keys(PLOT_STYLES) as AssetStatus[];
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('map.legend')}</h3>
      {/* The swatches' hatchings, defined once for the key. */}
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        <PlotPatterns prefix={`${prefix}-key`} />
      </svg>
      <ul className="space-y-1 text-sm text-slate-800">
        {statuses.map((status) => (
          <li key={status} className="flex items-center gap-2">
            <svg aria-hidden="true" width="28" height="18" viewBox="0 0 28 18">
              <PlotShape prefix={`${prefix}-key`} status={status} x={1} y={1} width={26} height={16} />
            </svg>
            {t(`statuses.${status}`)}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <svg aria-hidden="true" width="28" height="18" viewBox="0 0 28 18" opacity="0.35">
            <PlotShape prefix={`${prefix}-key`} status="available" x={1} y={1} width={26} height={16} />
          </svg>
          {t('map.legendFaded')}
        </li>
        {showSelected && (
          <li className="flex items-center gap-2">
            <svg aria-hidden="true" width="28" height="18" viewBox="0 0 28 18">
              <PlotShape prefix={`${prefix}-key`} status="available" x={1} y={1} width={26} height={16} />
              <rect x="3" y="3" width="22" height="12" fill="none" stroke="#0b3d66" strokeWidth="3" />
            </svg>
            {t('map.legendSelected')}
          </li>
        )}
      </ul>
    </div>
  );
}

export interface ZonePlotMapProps extends Omit<PlotMapProps, 'map'> {
  /** The zone to draw; without one the map asks for it. */
  zone: string | undefined;
  /** The heading's level on the page. */
  headingLevel?: 2 | 3;
}

/** A zone's plot map loaded from the API, in its four states (no zone yet, loading, failed with retry, content). */
export function ZonePlotMap({ zone, headingLevel = 2, ...props }: ZonePlotMapProps) {
  const { t } = useTranslation('asset-finder');
  const query = useZoneMap(zone);
  const headingId = `zone-plot-map-${useId().replace(/:/g, '')}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (!zone) return <EmptyState message={t('map.chooseZone')} />;
  if (query.isPending) return <Spinner label={t('map.loading')} />;
  if (query.isError || !query.data) {
    return (
      <EmptyState
        message={<span className="text-red-800">{t('map.loadFailed')}</span>}
        action={
          <Button variant="secondary" busy={query.isRefetching} onClick={() => void query.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        }
      />
    );
  }
  const data = query.data;
  return (
    <section aria-labelledby={headingId} aria-busy={query.isPlaceholderData || undefined} className="space-y-3">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {t('map.heading', { zone: data.zone })}
      </Heading>
      {data.plots.length === 0 ? (
        <EmptyState message={t('map.empty', { zone: data.zone })} />
      ) : (
        <PlotMap map={data} {...props} />
      )}
      {data.unmapped > 0 && <p className="text-sm text-slate-600">{t('map.unmapped', { count: data.unmapped })}</p>}
      {data.truncated && <p className="text-sm text-slate-600">{t('map.truncated', { count: data.plots.length })}</p>}
    </section>
  );
}
