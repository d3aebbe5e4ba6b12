import Link from '@mui/material/Link';

/** The id of each layout's main region, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first focusable element of every layout. Hidden until it has keyboard
 * focus, then shown over the header; it moves focus to the main region (which takes tabIndex -1).
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
