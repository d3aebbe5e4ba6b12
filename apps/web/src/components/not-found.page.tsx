import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { EmptyState } from './empty-state.tsx';
import { usePageTitle } from '../lib/page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <EmptyState
      icon={<SearchOffOutlined />}
      level="h1"
      title="Page not found"
      action={
        <Button variant="contained" component={RouterLink} to="/jobs">
          Go to jobs
        </Button>
      }
    >
      There is no page at this address. Check the link, or go back to your jobs.
    </EmptyState>
  );
}
