import { Button, IconButton, Tooltip } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';

interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  color: 'success' | 'error' | 'warning' | 'primary';
  compact: boolean;
  disabled?: boolean;
  variant?: 'outlined' | 'text';
  onClick: () => void;
}

/**
 * An action on one record (approve, refund…): a labelled button, or in a table row an icon button whose accessible name
 * is the same label. Clicks never reach the row behind it (which would open the record).
 */
export function ActionButton({ label, icon, color, compact, disabled, variant = 'outlined', onClick }: ActionButtonProps) {
  const click = (e: MouseEvent) => {
    e.stopPropagation();
    onClick();
  };
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" color={color} aria-label={label} disabled={disabled} onClick={click}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button size="small" color={color} variant={variant} startIcon={icon} disabled={disabled} onClick={click}>
      {label}
    </Button>
  );
}
