import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { styled, type Theme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { lazyNamed } from '../../lib/preloadable.ts';

/** The More menu's code loads when the user first reaches for it (app-menus.tsx). */
const MoreMenu = lazyNamed(() => import('./app-menus.tsx'), 'MoreMenu');

export type TopNavItem = { label: string; to: string };

/** The gap between the row's buttons, px (MUI spacing 0.5). */
const GAP = 4;

/*
 * The row's links and its More button are plain elements under one class each, not MUI Buttons:
 * the staff's row is ten sections drawn twice (the row and its measuring copy), twenty-two
 * ButtonBases with their own styles. As plain elements, the staff's longest task before a
 * signed-in page's first paint fell from 318 to 213 ms (bench/README.md, issue 27). They look as
 * the text buttons did: the theme's button type, MUI's 6 × 12 px padding, the same colours, hover
 * and active fills.
 */
const navItemStyle = ({ theme }: { theme: Theme }) => ({
  ...theme.typography.button,
  display: 'inline-flex',
  alignItems: 'center',
  boxSizing: 'border-box' as const,
  margin: 0,
  border: 0,
  padding: '6px 12px',
  flexShrink: 0,
  whiteSpace: 'nowrap' as const,
  color: 'rgba(255,255,255,0.78)',
  background: 'transparent',
  borderRadius: Number(theme.shape.borderRadius) * 2,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: theme.transitions.create(['background-color', 'color'], { duration: theme.transitions.duration.short }),
  '&:hover': { color: '#fff', backgroundColor: 'rgba(255,255,255,0.08)' },
  '&.active': { color: '#fff', backgroundColor: 'rgba(255,255,255,0.14)' },
  '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
  // The More button's chevron, spaced as a text button's end icon.
  '& > svg': { fontSize: 20, marginLeft: 8, marginRight: -4 },
});
const NavItem = styled(NavLink)(navItemStyle);
const MoreButton = styled('button')(navItemStyle);
/** The measuring copy's items: the same box as the row's, never focused nor read. */
const MeasuredItem = styled('span')(navItemStyle);

/**
 * How many of the items fit in `available` px, the rest going to the More menu (issue 29, item 9).
 * `more` is the More button's width; it is needed when an item overflows or `always` (other
 * destinations live there too). Exported for tests.
 */
export function fittingCount(widths: readonly number[], more: number, available: number, always: boolean): number {
  const total = widths.reduce((s, w, i) => s + w + (i ? GAP : 0), 0);
  if (!always && total <= available) return widths.length;
  let used = more;
  let n = 0;
  for (const w of widths) {
    if (used + GAP + w > available) break;
    used += GAP + w;
    n++;
  }
  return n;
}

/**
 * The top bar's sections: as many as fit in one row, measured on a hidden copy of the row, and a
 * More menu with those that do not and the `extra` destinations (site alerts, engineers, back
 * office, blog and help), so every destination is one or two clicks away at any width. Nothing is
 * clipped or scrolled.
 */
export function OverflowNav({ items, extra }: { items: readonly TopNavItem[]; extra: readonly TopNavItem[] }) {
  const navRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(items.length);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  const location = useLocation();
  const key = items.map((i) => i.label).join('|');

  // Measured when the ResizeObserver reports the row: after the browser's own layout and before its
  // paint, so nothing forces a layout in the middle of React's commit (it had been the largest single
  // part of the render that paints a signed-in page first, bench/README.md). flushSync applies the
  // count before that paint. Observed from a layout effect, so the first report comes in the first frame.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const compute = () => {
      const widths = [...measure.children].map((c) => (c as HTMLElement).getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const next = fittingCount(widths, more, nav.clientWidth, extra.length > 0);
      flushSync(() => setCount(next));
    };
    const ro = new ResizeObserver(compute);
    ro.observe(nav);
    return () => ro.disconnect();
  }, [key, extra.length]);

  const shown = items.slice(0, count);
  const hidden = items.slice(count);
  const isHere = (to: string) => location.pathname === to || location.pathname.startsWith(`${to}/`);
  const close = () => setAnchor(null);

  return (
    <Box ref={navRef} component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: `${GAP}px`, flex: 1, minWidth: 0, position: 'relative', overflow: 'hidden' }}>
      {/* The measuring copy: laid out, never seen nor read. */}
      <Box ref={measureRef} aria-hidden sx={{ position: 'absolute', visibility: 'hidden', pointerEvents: 'none', display: 'flex', gap: `${GAP}px`, top: 0, left: 0 }}>
        {items.map((item) => (
          <MeasuredItem key={item.to}>{item.label}</MeasuredItem>
        ))}
        <MeasuredItem>
          More
          <ExpandMore />
        </MeasuredItem>
      </Box>
      {shown.map((item) => (
        <NavItem key={item.to} to={item.to}>
          {item.label}
        </NavItem>
      ))}
      {(hidden.length > 0 || extra.length > 0) && (
        <>
          <MoreButton
            type="button"
            className={hidden.some((i) => isHere(i.to)) || extra.some((i) => isHere(i.to)) ? 'active' : undefined}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? 'more-nav-menu' : undefined}
            data-testid="nav-more"
            onPointerEnter={() => void MoreMenu.preload().catch(() => undefined)}
            onFocus={() => void MoreMenu.preload().catch(() => undefined)}
            onClick={(e) => {
              setMenuUsed(true);
              setAnchor(e.currentTarget);
            }}
          >
            More
            <ExpandMore />
          </MoreButton>
          {/* Mounted from the first open on, so it can animate closed. */}
          {menuUsed && (
            <Suspense fallback={null}>
              <MoreMenu anchor={anchor} onClose={close} hidden={hidden} extra={extra} isHere={isHere} />
            </Suspense>
          )}
        </>
      )}
    </Box>
  );
}
