import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a list shows when there is nothing in it: why, and what to do next. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {children}
        </Typography>
      )}
      {action}
    </Box>
  );
}
