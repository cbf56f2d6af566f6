import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { LinkBase, useCanAccess, useCreatePath } from 'react-admin';

interface CreateLinkButtonProps {
  resource: string;
  label: string;
  variant?: 'text' | 'contained';
}

/**
 * A labelled link to a resource's create page that stays where it is put on every screen.
 * react-admin's CreateButton turns into a floating "+" on a phone, fixed over whatever scrolls beneath
 * it (on Rentals, the filters' date fields). Shown only to those allowed to create (react-admin asks canAccess).
 */
export function CreateLinkButton({ resource, label, variant = 'text' }: CreateLinkButtonProps) {
  const { canAccess, isPending } = useCanAccess({ action: 'create', resource });
  const createPath = useCreatePath();
  if (!canAccess || isPending) return null;
  return (
    <Button
      component={LinkBase}
      to={createPath({ resource, type: 'create' })}
      variant={variant}
      size={variant === 'text' ? 'small' : 'medium'}
      startIcon={<AddIcon />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
