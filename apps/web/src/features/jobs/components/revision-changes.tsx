import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Change = { field: string; from: string; to: string };
type Changes = { changes?: Change[]; equipment?: { from: string[]; to: string[] } | null; rejection_files?: { id: string; name: string }[] } | null;

/** "arrays.0.panel_quantity" → "Array 1 · panel quantity"; "cad_intake.module_count" → "CAD intake · module count". */
export function changeLabel(field: string): string {
  const [head, ...rest] = field.split('.');
  const words = (s: string) => s.replace(/_/g, ' ');
  if (head === 'arrays' && rest.length) {
    const [i, ...k] = rest;
    return k.length ? `Array ${Number(i) + 1} · ${words(k.join('.'))}` : `Array ${Number(i) + 1}`;
  }
  if (head === 'cad_intake') return `CAD intake · ${words(rest.join('.'))}`;
  return words(field);
}

/** What a revision changed and the rejection it answers, under its row of the revisions table. */
export function RevisionChanges({ changes, rejectionComments }: { changes: unknown; rejectionComments: string }) {
  const c = changes as Changes;
  const items = c?.changes ?? [];
  const eq = c?.equipment;
  const files = c?.rejection_files ?? [];
  if (!items.length && !eq && !files.length && !rejectionComments) return null;
  return (
    <Box sx={{ py: 0.5 }}>
      {items.map((x) => (
        <Typography key={x.field} variant="body2">
          {changeLabel(x.field)}: {x.from} → {x.to}
        </Typography>
      ))}
      {eq && (
        <Typography variant="body2">
          Equipment: {eq.from.length ? eq.from.join('; ') : '—'} → {eq.to.length ? eq.to.join('; ') : '—'}
        </Typography>
      )}
      {rejectionComments && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          Rejection comments: {rejectionComments}
        </Typography>
      )}
      {files.length > 0 && <Typography variant="body2">Rejection files: {files.map((f) => f.name).join(', ')}</Typography>}
    </Box>
  );
}
