import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import type { CadRunCheck, CadRunFile } from '@sunstamp/domain/contracts/cad-runs';
import { fetchApiBlob } from '../../../lib/download.ts';
import { formatCheckValue } from '../plan-set.rules.ts';

/*
 * The full-screen sheet: the run's SVG drawn inline (not as an image) so each number the renderer
 * tagged with its engineering check (data-check) is a link: a click, Enter or Space opens the check
 * beside the sheet with its formula, inputs, value against the limit, code section and remedy.
 * The SVG is the server's own output, still parsed and reduced to the drawing elements and
 * attributes the renderer writes before it enters the page.
 */

const ELEMENTS = new Set(['svg', 'g', 'rect', 'line', 'polyline', 'polygon', 'circle', 'path', 'text', 'tspan', 'image']);
const ATTRIBUTES = new Set([
  'xmlns', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'points', 'd', 'class', 'transform',
  'fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'font-size', 'font-weight', 'font-family', 'preserveAspectRatio',
  'data-check', 'data-sheet', 'href',
]);
const SAFE_HREF = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$|^#/;

/** The sheet's SVG element, with nothing but drawing elements and attributes; null when it is not an SVG. */
function cleanSvg(text: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.querySelector('parsererror')) return null;
  const walk = (el: Element) => {
    for (const child of [...el.children]) {
      if (!ELEMENTS.has(child.nodeName)) child.remove();
      else walk(child);
    }
    for (const a of [...el.attributes]) {
      if (!ATTRIBUTES.has(a.name) || (a.name === 'href' && !SAFE_HREF.test(a.value))) el.removeAttribute(a.name);
    }
  };
  walk(root);
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

export function SheetPreview({ file, checks }: { file: CadRunFile; checks: Map<string, CadRunCheck> | undefined }) {
  const host = useRef<HTMLDivElement>(null);
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setSvg(null);
    setFailed(false);
    setSelected(null);
    fetchApiBlob(`/files/${file.file_id}/download`, ctl.signal)
      .then((b) => b.text())
      .then((t) => {
        const el = cleanSvg(t);
        if (!el) throw new Error('not an SVG');
        setSvg(el);
      })
      .catch(() => { if (!ctl.signal.aborted) setFailed(true); });
    return () => ctl.abort();
  }, [file.file_id]);

  // Numbers with a known check: each becomes a keyboard-reachable link when the sheet is placed.
  const linked = useMemo(
    () => (svg ? [...svg.querySelectorAll('text[data-check]')].filter((t) => checks?.has(t.getAttribute('data-check') ?? '')) : []),
    [svg, checks],
  );
  useEffect(() => {
    if (!svg || !host.current) return;
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${file.number ?? ''} ${file.title ?? ''}`.trim());
    for (const t of linked) {
      const check = checks!.get(t.getAttribute('data-check')!)!;
      t.setAttribute('tabindex', '0');
      t.setAttribute('role', 'button');
      t.setAttribute('aria-label', `${t.textContent ?? ''}: open the check ${check.title}`);
      t.classList.add('linked');
    }
    host.current.replaceChildren(svg);
  }, [svg, linked, checks, file.number, file.title]);

  const open = (target: EventTarget | null) => {
    const el = (target as Element | null)?.closest?.('text.linked');
    const id = el?.getAttribute('data-check');
    if (id) setSelected(id);
    return !!id;
  };
  const check = selected ? checks?.get(selected) : undefined;

  if (failed) return <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>No preview</Box>;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%', height: '100%', minHeight: 0 }}>
      <Stack sx={{ flex: 1, minWidth: 0, minHeight: 0 }} spacing={1}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {!svg ? 'Loading the sheet…' : linked.length > 0 ? `${linked.length} numbers on this sheet are linked: click one (or Tab to it and press Enter) to see its calculation.` : 'No calculated numbers on this sheet.'}
        </Typography>
        <Box
          ref={host}
          data-testid="sheet-svg"
          onClick={(e) => open(e.target)}
          onKeyDown={(e) => {
            if ((e.key === 'Enter' || e.key === ' ') && open(e.target)) e.preventDefault();
          }}
          sx={{
            flex: 1, minHeight: 0, bgcolor: '#fff', boxShadow: 1,
            '& svg': { display: 'block' },
            '& text.linked': { cursor: 'pointer', textDecoration: 'underline', textDecorationColor: '#0b57d0' },
            '& text.linked:hover, & text.linked:focus': { fill: '#0b57d0', outline: 'none' },
            [`& text.linked[data-check="${CSS.escape(selected ?? '')}"]`]: { fill: '#0b57d0', fontWeight: 700 },
          }}
        />
      </Stack>
      {check && <CheckPanel check={check} onClose={() => setSelected(null)} />}
    </Stack>
  );
}

function CheckPanel({ check, onClose }: { check: CadRunCheck; onClose: () => void }) {
  const verdict = check.pass === null ? { label: 'Computed', color: 'default' as const } : check.pass ? { label: 'Passes', color: 'success' as const } : { label: 'Fails', color: 'error' as const };
  return (
    <Box
      component="aside"
      aria-label={`Check: ${check.title}`}
      data-testid="check-panel"
      sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0, overflowY: 'auto', bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, boxShadow: 2, p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>{check.section}</Typography>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>{check.title}</Typography>
        </Box>
        <IconButton aria-label="Close the check" onClick={onClose} size="small"><Close fontSize="small" /></IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1.5 }}>
        <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatCheckValue(check.value, check.unit)}</Typography>
        {check.limit && (
          <Typography variant="body1" color="text.secondary">{check.limit.relation} {formatCheckValue(check.limit.value, check.limit.unit)}</Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Chip size="small" color={verdict.color} label={verdict.label} />
      </Stack>
      <Typography variant="subtitle2">Code section</Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {check.ref.code === 'Sunstamp' ? `Sunstamp rule: ${check.ref.section}` : `${check.ref.code} ${check.ref.edition} ${check.ref.section}`}
      </Typography>
      <Typography variant="subtitle2">Formula</Typography>
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', borderRadius: 1, p: 1, mt: 0.5, mb: 1.5 }}>{check.formula}</Box>
      {check.inputs.length > 0 && (
        <>
          <Typography variant="subtitle2">Inputs</Typography>
          <Table size="small" aria-label="Inputs" sx={{ mb: 1.5 }}>
            <TableBody>
              {check.inputs.map((i) => (
                <TableRow key={i.name}>
                  <TableCell sx={{ pl: 0 }}>{i.name}</TableCell>
                  <TableCell align="right" sx={{ pr: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCheckValue(i.value, i.unit ?? '')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {check.pass === false && check.remedy && <Alert severity="error" sx={{ mb: 1.5 }}>{check.remedy}</Alert>}
      {check.notes && check.notes.length > 0 && (
        <>
          <Divider sx={{ my: 1 }} />
          {check.notes.map((n, i) => <Typography key={i} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>{n}</Typography>)}
        </>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>Check {check.id}</Typography>
    </Box>
  );
}
