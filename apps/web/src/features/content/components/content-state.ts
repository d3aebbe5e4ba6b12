import type { ContentState } from '@sunstamp/domain/contracts/content';

/** How a post's or article's state shows on the editors' screens. */
export const STATE_CHIP: Record<ContentState, { label: string; color: 'success' | 'info' | 'default' }> = {
  published: { label: 'Published', color: 'success' },
  scheduled: { label: 'Scheduled', color: 'info' },
  draft: { label: 'Draft', color: 'default' },
};
