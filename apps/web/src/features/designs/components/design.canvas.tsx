import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { DesignModel, Point } from '@sunstamp/domain/design/design-model.schema';
import type { DesignBackground } from '@sunstamp/domain/contracts/designs';
import {
  EQUIPMENT_LABELS, centroid, fromSvg, moduleOutline, moveEquipment, moveModule, movePlane, movePlaneVertex, nudge, pointsAttr,
  removeSelected, snap, stepFrom, viewBoxOf, type Selection,
} from '../design-editor.rules.ts';

type Props = {
  model: DesignModel;
  moduleSize: { lengthIn: number; widthIn: number };
  selection: Selection;
  onSelect: (s: Selection) => void;
  /** A finished step (key press, drop): goes into the undo history. */
  onChange: (next: DesignModel) => void;
  /** A step in progress (dragging): shown, not yet in the history; `onChange` ends it. */
  onPreview: (next: DesignModel | null) => void;
  gridFt: number;
  readOnly: boolean;
  violations: ReadonlySet<string>;
  background: DesignBackground | null;
  backgroundUrl: string | null;
  /**
   * The electrical mode: modules coloured by their string (or branch circuit) and picked, not moved:
   * a click or Enter/Space picks one, with Shift adds it to the pick. Nothing is dragged.
   */
  electrical?: {
    /** Module id → its circuit's id and colour; absent: in none. */
    circuitOf: ReadonlyMap<string, { id: string; color: string }>;
    picked: ReadonlySet<string>;
    onPick: (moduleId: string, additive: boolean) => void;
    onClear: () => void;
    /** "string" or "branch circuit", for the modules' names. */
    word: string;
  };
};

type Drag = { sel: Selection | { kind: 'vertex'; planeId: string; index: number }; start: Point; origin: Point; base: DesignModel; last: DesignModel };

const EQ_SIZE = 3;

/**
 * The site plan as an SVG in plan feet: the property, the building, the street, the roof planes,
 * the modules and the equipment, over the tracing image. Modules and equipment are dragged with
 * the pointer or moved with the arrow keys (Tab walks through them; Delete removes), in grid steps.
 */
// eslint-disable-next-line max-lines-per-function -- the SVG canvas's pointer and keyboard handling (drag, arrow keys, Tab, Delete in grid steps) share the view transform and drag state of this one component
export function DesignCanvas(p: Props) {
  const theme = useTheme();
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const m = p.model;
  const vb = viewBoxOf(m);
  const dark = theme.palette.mode === 'dark';
  const stroke = (w: number) => ({ strokeWidth: w, vectorEffect: 'non-scaling-stroke' as const });

  const planAt = (e: { clientX: number; clientY: number }): Point => {
    const svg = svgRef.current!;
    const ctm = svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return fromSvg({ x: pt.x, y: pt.y });
  };

  const el = p.electrical;
  const startDrag = (e: PointerEvent, sel: Drag['sel'], origin: Point) => {
    if (p.readOnly || el || e.button !== 0) return;
    e.stopPropagation();
    svgRef.current?.setPointerCapture(e.pointerId);
    drag.current = { sel, start: planAt(e), origin, base: m, last: m };
    if (sel && sel.kind !== 'vertex') p.onSelect(sel);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const at = planAt(e);
    const to = { x: snap(d.origin.x + at.x - d.start.x, p.gridFt), y: snap(d.origin.y + at.y - d.start.y, p.gridFt) };
    const s = d.sel!;
    let next = d.base;
    if (s.kind === 'module') next = moveModule(d.base, s.id, stepFrom(d.origin, { x: at.x - d.start.x, y: at.y - d.start.y }, p.gridFt));
    else if (s.kind === 'equipment') next = moveEquipment(d.base, s.index, to);
    else if (s.kind === 'vertex') next = movePlaneVertex(d.base, s.planeId, s.index, to);
    else if (s.kind === 'plane') next = movePlane(d.base, s.id, { x: snap(at.x - d.start.x, p.gridFt), y: snap(at.y - d.start.y, p.gridFt) });
    d.last = next;
    p.onPreview(next);
  };
  const endDrag = () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    p.onPreview(null);
    if (d.last !== d.base) p.onChange(d.last);
  };

  const onKey = (e: KeyboardEvent, sel: Selection) => {
    if (el) {
      if (sel?.kind === 'module' && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); el.onPick(sel.id, e.shiftKey); }
      else if (e.key === 'Escape') el.onClear();
      return;
    }
    if (p.readOnly) return;
    const step = (e.shiftKey ? 5 : 1) * Math.max(p.gridFt, 0.25);
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const mv = moves[e.key];
    if (mv) {
      e.preventDefault();
      p.onChange(nudge(m, sel, mv[0], mv[1], p.gridFt));
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && sel && sel.kind !== 'plane') {
      e.preventDefault();
      p.onChange(removeSelected(m, sel));
      p.onSelect(null);
    } else if (e.key === 'Escape') {
      p.onSelect(null);
    }
  };

  const isSel = (s: Selection) => !!p.selection && !!s && p.selection.kind === s.kind && JSON.stringify(p.selection) === JSON.stringify(s);
  const focusRing = theme.palette.warning.main;
  const planeById = new Map(m.roofPlanes.map((x) => [x.id, x]));

  return (
    <Box sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: dark ? 'grey.900' : '#fbfbf8', overflow: 'hidden' }}>
      <svg
        ref={svgRef}
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        role="group"
        aria-label={el
          ? `Site plan, ${el.word}s: Tab to a module, Enter picks it, Shift+Enter adds it to the pick`
          : 'Site plan: Tab to a module or an equipment location, arrow keys move it, Delete removes it'}
        data-testid="design-canvas"
        style={{ display: 'block', width: '100%', height: 'min(70vh, 640px)', touchAction: 'none', userSelect: 'none' }}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerDown={() => (el ? el.onClear() : p.onSelect(null))}
      >
        <defs>
          <pattern id="design-grid-minor" width={1} height={1} patternUnits="userSpaceOnUse">
            <path d="M 1 0 L 0 0 0 1" fill="none" stroke={dark ? '#333' : '#ececec'} {...stroke(0.5)} />
          </pattern>
          <pattern id="design-grid" width={10} height={10} patternUnits="userSpaceOnUse">
            <rect width={10} height={10} fill="url(#design-grid-minor)" />
            <path d="M 10 0 L 0 0 0 10" fill="none" stroke={dark ? '#444' : '#d6d6d6'} {...stroke(1)} />
          </pattern>
        </defs>
        <rect x={vb.x} y={vb.y} width={vb.w} height={vb.h} fill="url(#design-grid)" />
        {p.background && p.backgroundUrl && (
          <image
            href={p.backgroundUrl}
            x={p.background.x}
            y={-p.background.y}
            width={p.background.width_ft}
            height={p.background.width_ft * 4}
            preserveAspectRatio="xMinYMin meet"
            opacity={p.background.opacity}
            data-testid="design-background"
            pointerEvents="none"
          />
        )}
        {/* Site */}
        <polygon points={pointsAttr(m.site.property)} fill="none" stroke={theme.palette.success.main} strokeDasharray="6 4" {...stroke(1.5)} />
        <polygon points={pointsAttr(m.site.building)} fill={dark ? '#2a2a2a' : '#ebe7df'} fillOpacity={p.backgroundUrl ? 0.35 : 1} stroke={theme.palette.text.secondary} {...stroke(1.5)} />
        <line x1={m.site.street.from.x} y1={-m.site.street.from.y} x2={m.site.street.to.x} y2={-m.site.street.to.y} stroke={theme.palette.text.secondary} {...stroke(3)} />
        <text
          x={(m.site.street.from.x + m.site.street.to.x) / 2}
          y={-(m.site.street.from.y + m.site.street.to.y) / 2 + 2.2}
          fontSize={1.8}
          textAnchor="middle"
          fill={theme.palette.text.secondary}
        >
          {m.site.street.name.toUpperCase()}
        </text>
        {/* Roof planes */}
        {m.roofPlanes.map((pl) => {
          const c = centroid(pl.polygon);
          const sel = isSel({ kind: 'plane', id: pl.id });
          return (
            <g key={pl.id} data-testid={`plane-${pl.id}`}>
              <polygon
                points={pointsAttr(pl.polygon)}
                fill={dark ? 'rgba(120,150,190,0.25)' : 'rgba(150,170,200,0.3)'}
                stroke={sel ? focusRing : theme.palette.text.primary}
                {...stroke(sel ? 2.5 : 1.2)}
                style={{ cursor: p.readOnly ? 'default' : 'move' }}
                onPointerDown={(e) => { p.onSelect({ kind: 'plane', id: pl.id }); startDrag(e, { kind: 'plane', id: pl.id }, c); }}
              />
              {pl.polygon.map((q, i) => {
                const r = pl.polygon[(i + 1) % pl.polygon.length]!;
                const kind = pl.edges[i];
                if (kind !== 'ridge' && kind !== 'hip' && kind !== 'valley') return null;
                return <line key={i} x1={q.x} y1={-q.y} x2={r.x} y2={-r.y} stroke={theme.palette.error.main} strokeDasharray={kind === 'ridge' ? undefined : '3 2'} {...stroke(2)} pointerEvents="none" />;
              })}
              <text x={c.x} y={-Math.max(...pl.polygon.map((q) => q.y)) - 0.8} fontSize={1.4} textAnchor="middle" fill={theme.palette.text.primary} pointerEvents="none">
                {`${pl.name} · ${pl.pitchDeg}° · az ${pl.azimuthDeg}°`}
              </text>
              {sel && !p.readOnly && pl.polygon.map((q, i) => (
                <circle
                  key={i}
                  cx={q.x}
                  cy={-q.y}
                  r={0.7}
                  fill={focusRing}
                  style={{ cursor: 'crosshair' }}
                  aria-label={`Corner ${i + 1} of ${pl.name}`}
                  onPointerDown={(e) => startDrag(e, { kind: 'vertex', planeId: pl.id, index: i }, q)}
                />
              ))}
            </g>
          );
        })}
        {/* Modules */}
        {m.modules.map((mod) => {
          const outline = moduleOutline(m, mod.id, p.moduleSize);
          if (!outline.length) return null;
          const sel = isSel({ kind: 'module', id: mod.id });
          const bad = p.violations.has(mod.id);
          const plane = planeById.get(mod.planeId);
          const name = `Module ${mod.id} on ${plane?.name ?? mod.planeId}`;
          if (el) {
            const circuit = el.circuitOf.get(mod.id);
            const picked = el.picked.has(mod.id);
            const c = centroid(outline);
            return (
              <g key={mod.id}>
                <polygon
                  points={pointsAttr(outline)}
                  tabIndex={0}
                  role="button"
                  aria-label={`${name}, ${circuit ? `${el.word} ${circuit.id}` : `in no ${el.word}`}`}
                  aria-pressed={picked}
                  data-testid={`module-${mod.id}`}
                  data-circuit={circuit?.id ?? ''}
                  data-x={mod.x}
                  data-y={mod.y}
                  fill={circuit ? circuit.color : dark ? '#555' : '#c9c9c9'}
                  fillOpacity={circuit ? 0.9 : 0.7}
                  stroke={picked ? focusRing : circuit ? '#1f3a60' : theme.palette.text.secondary}
                  strokeDasharray={circuit || picked ? undefined : '2 2'}
                  {...stroke(picked ? 3.5 : 1)}
                  style={{ cursor: 'pointer', outline: 'none' }}
                  onKeyDown={(e) => onKey(e, { kind: 'module', id: mod.id })}
                  onPointerDown={(e) => { e.stopPropagation(); if (e.button === 0) el.onPick(mod.id, e.shiftKey); }}
                />
                {circuit && (
                  <text x={c.x} y={-c.y + 0.35} fontSize={1} textAnchor="middle" fontWeight={700} fill="#fff" stroke="#000" strokeWidth={0.12} paintOrder="stroke" pointerEvents="none">
                    {circuit.id}
                  </text>
                )}
              </g>
            );
          }
          return (
            <polygon
              key={mod.id}
              points={pointsAttr(outline)}
              tabIndex={0}
              role="button"
              aria-label={`${name}, at ${mod.x.toFixed(2)}, ${mod.y.toFixed(2)} ft${bad ? ', breaks a setback' : ''}`}
              aria-pressed={sel}
              data-testid={`module-${mod.id}`}
              data-x={mod.x}
              data-y={mod.y}
              fill={bad ? theme.palette.error.dark : '#1f3a60'}
              fillOpacity={0.92}
              stroke={sel ? focusRing : bad ? theme.palette.error.light : '#9fb6d6'}
              {...stroke(sel ? 3 : 0.8)}
              style={{ cursor: p.readOnly ? 'default' : 'grab', outline: 'none' }}
              onFocus={() => p.onSelect({ kind: 'module', id: mod.id })}
              onKeyDown={(e) => onKey(e, { kind: 'module', id: mod.id })}
              onPointerDown={(e) => startDrag(e, { kind: 'module', id: mod.id }, mod)}
            />
          );
        })}
        {/* Equipment */}
        {m.equipment.map((eq, i) => {
          const sel = isSel({ kind: 'equipment', index: i });
          const label = EQUIPMENT_LABELS[eq.kind];
          return (
            <g
              key={`${eq.kind}-${i}`}
              tabIndex={0}
              role="button"
              // The name starts with the marker's visible letters (WCAG 2.5.3 label in name).
              aria-label={`${label.short}, ${label.name} at ${eq.x.toFixed(2)}, ${eq.y.toFixed(2)} ft`}
              aria-pressed={sel}
              data-testid={`equipment-${eq.kind}`}
              style={{ cursor: p.readOnly ? 'default' : 'grab', outline: 'none' }}
              onFocus={() => p.onSelect({ kind: 'equipment', index: i })}
              onKeyDown={(e) => onKey(e, { kind: 'equipment', index: i })}
              onPointerDown={(e) => startDrag(e, { kind: 'equipment', index: i }, eq)}
            >
              <rect x={eq.x - EQ_SIZE / 2} y={-eq.y - EQ_SIZE / 2} width={EQ_SIZE} height={EQ_SIZE} rx={0.3} fill={theme.palette.background.paper} stroke={sel ? focusRing : theme.palette.secondary.main} {...stroke(sel ? 3 : 1.5)} />
              <text x={eq.x} y={-eq.y + 0.45} fontSize={label.short.length > 2 ? 1 : 1.3} textAnchor="middle" fontWeight={700} fill={theme.palette.secondary.main} pointerEvents="none">
                {label.short}
              </text>
            </g>
          );
        })}
      </svg>
      <Box aria-hidden sx={{ position: 'absolute', top: 8, right: 12, textAlign: 'center', color: 'text.secondary', fontSize: 12, fontWeight: 700, lineHeight: 1 }}>
        <Box component="span" sx={{ display: 'block', fontSize: 18 }}>↑</Box>N
      </Box>
    </Box>
  );
}
