import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { parseNoteLinks } from '@sunstamp/domain/format/note.format';
import { splitMentions } from '../messages.rules.ts';

/**
 * A message body by the spec's note-link rules: `[text](url)` and bare links open in a new tab,
 * long link text is cut, only http(s) and mailto become links. The "@Full Name" of each person the
 * message mentions is highlighted. Everything else is text (React escapes it), so markup in a
 * message shows as written.
 */
export function MessageText({ body, mentions = [] }: { body: string; mentions?: string[] }) {
  return (
    <>
      {parseNoteLinks(body).map((t, i) =>
        t.type === 'link' ? (
          <Link key={i} href={t.href} target={t.target} rel={t.rel} sx={{ wordBreak: 'break-all' }}>
            {t.text}
          </Link>
        ) : (
          <span key={i}>
            {splitMentions(t.text, mentions).map((piece, j) =>
              piece.mention ? (
                <Box component="span" key={j} className="mention" data-testid="mention" sx={{ fontWeight: 700, borderRadius: 0.5, px: 0.25 }}>
                  {piece.text}
                </Box>
              ) : (
                piece.text
              ),
            )}
          </span>
        ),
      )}
    </>
  );
}
