import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND_MARK } from '@sunstamp/domain/site/brand-mark';
import { PRODUCT_NAME } from '../lib/page-title.ts';

/** The sun mark drawn inline (no image request), in the brand amber; the server's prerender draws the same (BRAND_MARK). */
export function SunMark({ size = 28 }: { size?: number }) {
  const { viewBox, tile, sun, rays } = BRAND_MARK;
  return (
    <svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx={tile.rx} fill={tile.fill} />
      <circle cx={sun.cx} cy={sun.cy} r={sun.r} fill={sun.fill} />
      <g stroke={rays.stroke} strokeWidth={rays.strokeWidth} strokeLinecap="round">
        <path d={rays.d} />
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
