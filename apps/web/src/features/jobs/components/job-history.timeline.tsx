import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { parseNoteLinks } from '@sunstamp/domain/format/note.format';
import Link from '@mui/material/Link';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useJobHistory, type JobHistoryEntry } from '../api/use-job.ts';

/** A note with its [text](url) and bare links as links opening in a new tab (spec §5). */
export function NoteText({ note }: { note: string }) {
  return (
    <>
      {parseNoteLinks(note).map((t, i) =>
        t.type === 'link' ? (
          <Link key={i} href={t.href} target={t.target} rel={t.rel}>
            {t.text}
          </Link>
        ) : (
          <span key={i}>{t.text}</span>
        ),
      )}
    </>
  );
}

/** A long edit lists a few field names, not all of them. */
const MAX_FIELDS = 3;

function detailOf(e: JobHistoryEntry): string | null {
  if (e.from_status && e.to_status && e.from_status !== e.to_status) return `${e.from_status} → ${e.to_status}`;
  const data = e.data as { name?: unknown; fields?: unknown; assignee_name?: unknown } | null;
  if (data && typeof data.name === 'string') return data.name;
  if (e.event === 'assigned' && data && typeof data.assignee_name === 'string') return `To ${data.assignee_name}`;
  if (data && Array.isArray(data.fields) && data.fields.length) {
    const names = data.fields.map((f) => String(f).replace(/_/g, ' '));
    const shown = names.slice(0, MAX_FIELDS).join(', ');
    return names.length > MAX_FIELDS ? `Changed ${shown} and ${names.length - MAX_FIELDS} more` : `Changed ${shown}`;
  }
  return null;
}

/** The job's history, newest first, as a timeline (spec §4 job history events). */
export function JobHistoryTimeline({ jobId }: { jobId: string }) {
  const history = useJobHistory(jobId);
  if (history.isLoading) return <Skeleton variant="rounded" height={160} />;
  const entries = [...(history.data ?? [])].reverse();
  if (!entries.length) return <Typography color="text.secondary" variant="body2">No history yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Job history">
      {entries.map((e, i) => {
        const detail = detailOf(e);
        return (
          <Box component="li" key={e.id} sx={{ display: 'flex', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i === 0 ? 'primary.main' : 'action.disabled', flexShrink: 0 }} />
              {i < entries.length - 1 && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: 2, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {e.label}
              </Typography>
              {detail && (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {detail}
                </Typography>
              )}
              {e.note && (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  <NoteText note={e.note} />
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(e.at)}
                {e.actor ? ` · ${e.actor.full_name || e.actor.email}` : ' · Our team'}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
