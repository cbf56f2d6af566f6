import { Stack } from '@mui/material';
import { CarOfTheWeekButton } from '../car-of-the-week/CarOfTheWeekButton';
import { ApproveButton } from './ApproveButton';
import { DeleteVehicleButton } from './DeleteVehicleButton';
import { RejectButton } from './RejectButton';

interface ModerationButtonsProps {
  /** Icon buttons (named for screen readers and in a tooltip) to fit a table row. */
  compact?: boolean;
  redirectAfterDelete?: boolean;
}

/** The actions on one listing that fit its status and the moderator's role. */
export function ModerationButtons({ compact = false, redirectAfterDelete = false }: ModerationButtonsProps) {
  return (
    <Stack direction="row" spacing={compact ? 0.5 : 1} sx={{ flexWrap: compact ? 'nowrap' : 'wrap', rowGap: 1, alignItems: 'center' }}>
      <ApproveButton compact={compact} />
      <RejectButton compact={compact} />
      <CarOfTheWeekButton compact={compact} />
      <DeleteVehicleButton compact={compact} redirectToList={redirectAfterDelete} />
    </Stack>
  );
}

/** The row version, as a DataTable field component. */
export const RowModerationButtons = () => <ModerationButtons compact />;
