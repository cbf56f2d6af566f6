import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, usePermissions } from 'react-admin';
import { staffMayDo, type StaffPermissions } from '../auth/permissions';
import { ListingStatusBadge } from '../components/ListingStatusBadge';
import type { AdminRentalVehicle } from '../data/api-types';
import { AvailabilityToggle } from './AvailabilityToggle';
import { BookingCounts } from './BookingCounts';
import { RateCell } from './RateCell';
import { RentalVehicleTitle } from './RentalVehicleCell';
import type { RateField } from './rental-rates';

const RATES: [RateField, string][] = [
  ['dailyRentalRate', 'Daily'],
  ['weeklyRentalRate', 'Weekly'],
  ['monthlyRentalRate', 'Monthly'],
];

/** On a narrow screen, one card per rental vehicle with the same inline edits as the table. */
export function RentalVehicleCards({ empty }: { empty: ReactNode }) {
  const { data, isPending } = useListContext<AdminRentalVehicle>();
  const { permissions } = usePermissions<StaffPermissions>();
  const readOnly = !staffMayDo(permissions, 'rental-settings', 'rental-vehicles');
  if (isPending || !data) return null;
  if (data.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" spacing={1.5} sx={{ p: 1, m: 0, listStyle: 'none' }}>
      {data.map((vehicle) => (
        <Card key={vehicle.id} component="li" variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <RentalVehicleTitle vehicle={vehicle} withPhoto />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              <Typography variant="body2">{vehicle.location}</Typography>
              <ListingStatusBadge status={vehicle.status} />
            </Stack>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
              {RATES.map(([field, label]) => (
                <Box key={field}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {label}
                  </Typography>
                  <RateCell vehicle={vehicle} field={field} readOnly={readOnly} />
                </Box>
              ))}
            </Box>
            <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
              <AvailabilityToggle vehicle={vehicle} readOnly={readOnly} />
              <BookingCounts vehicle={vehicle} />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
