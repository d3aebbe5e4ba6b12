import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../lib/page-title.ts';

/** The sun mark drawn inline (no image request), in the brand amber. */
export function SunMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#14365d" />
      <circle cx="32" cy="32" r="11" fill="#f6a821" />
      <g stroke="#f6a821" strokeWidth="4" strokeLinecap="round">
        <path d="M32 8v7M32 49v7M8 32h7M49 32h7M15 15l5 5M44 44l5 5M15 49l5-5M44 20l5-5" />
      </g>
    </svg>
  );
}

export function BrandLogo({ size = 28, color }: { size?: number; color?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <SunMark size={size} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: size * 0.72, letterSpacing: '-0.02em', color: color ?? 'inherit', lineHeight: 1 }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
