import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Suspense fallback while a page's code loads; shown only if that takes a moment. */
export function PageLoader({ delayMs = 250 }: { delayMs?: number }) {
  const [show, setShow] = useState(delayMs === 0);
  useEffect(() => {
    const t = setTimeout(() => setShow(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs]);
  return (
    <Box role="progressbar" aria-label="Loading page" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      {show && <CircularProgress size={32} aria-hidden />}
    </Box>
  );
}
