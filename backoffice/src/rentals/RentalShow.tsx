import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Loading, Show, TopToolbar, useCreatePath, useRecordContext } from 'react-admin';
import { DefinitionList } from '../components/DefinitionList';
import { LoadError } from '../components/LoadError';
import { SectionCard } from '../components/SectionCard';
import type { AdminPerson, AdminRental } from '../data/api-types';
import { formatDateTime, formatNaira } from '../lib/format';
import { RentalActionButtons } from './RentalActionButtons';
import { dayCount, formatRentalDay } from './rental-dates';
import { RentalStatusBadge } from './RentalStatusBadge';

const CANCELLED_BY: Record<NonNullable<AdminRental['cancelledBy']>, string> = {
  renter: 'The renter',
  owner: 'The owner',
  staff: 'Staff',
  system: 'Automatically (unanswered or past its pick-up day)',
};

const textOrDash = (text: string | null | undefined) => (text?.trim() ? text : '—');

function RentalShowActions() {
  return (
    <TopToolbar>
      <RentalActionButtons />
    </TopToolbar>
  );
}

function BookingTitle() {
  const rental = useRecordContext<AdminRental>();
  return <>{rental ? `Booking #${rental.id}` : 'Booking'}</>;
}

function RentalDetails() {
  const rental = useRecordContext<AdminRental>();
  const createPath = useCreatePath();
  if (!rental) return null;
  const showLink = (resource: string, id: string | number, text: ReactNode) => (
    <Link component={LinkBase} to={createPath({ resource, type: 'show', id })}>
      {text}
    </Link>
  );
  const person = (who: AdminPerson): [string, ReactNode][] => [
    ['Name', showLink('users', who.id, who.name)],
    ['Email', who.email ? <Link href={`mailto:${who.email}`}>{who.email}</Link> : '—'],
    ['User ID', who.id],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            Booking #{rental.id}: {rental.vehicle.title}
          </Typography>
          <RentalStatusBadge status={rental.status} />
        </Stack>
        <Typography variant="h6" component="p" color="primary">
          {formatNaira(rental.totalPrice)} · {formatRentalDay(rental.startDate)} → {formatRentalDay(rental.endDate)} ({dayCount(rental.days)})
        </Typography>
      </Box>
      {rental.status === 'cancelled' && (
        <Alert severity="warning">
          <strong>Cancelled{rental.cancelledBy ? ` by ${CANCELLED_BY[rental.cancelledBy].toLowerCase()}` : ''}:</strong> {textOrDash(rental.cancelReason)}
        </Alert>
      )}
      {rental.status === 'pending' && rental.expiresAt && (
        <Alert severity="info">This request lapses unanswered on {formatDateTime(rental.expiresAt)}.</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <SectionCard title="Booking">
            <DefinitionList
              items={[
                ['Booking ID', rental.id],
                ['Status', <RentalStatusBadge status={rental.status} />],
                ['Pick-up day', formatRentalDay(rental.startDate)],
                ['Return day', `${formatRentalDay(rental.endDate)} (not charged)`],
                ['Days', dayCount(rental.days)],
                ['Daily rate', formatNaira(rental.dailyRentalRate)],
                ['Total', formatNaira(rental.totalPrice)],
                ['Requested', formatDateTime(rental.createdAt)],
                ['Request lapses', rental.expiresAt ? formatDateTime(rental.expiresAt) : '—'],
                ['Cancelled by', rental.cancelledBy ? CANCELLED_BY[rental.cancelledBy] : '—'],
                ['Cancellation reason', textOrDash(rental.cancelReason)],
                ['Last updated', formatDateTime(rental.updatedAt)],
              ]}
            />
          </SectionCard>
          <SectionCard title="Pick-up and return">
            <DefinitionList
              items={[
                ['Pick-up location', textOrDash(rental.pickupLocation)],
                ['Drop-off location', textOrDash(rental.dropoffLocation)],
                ['Renter’s notes', <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{textOrDash(rental.notes)}</Box>],
              ]}
            />
          </SectionCard>
        </Stack>
        <Stack spacing={2}>
          <SectionCard title="Vehicle">
            <DefinitionList
              items={[
                ['Listing', showLink('vehicles', rental.vehicle.id, rental.vehicle.title)],
                ['Listing ID', rental.vehicleId],
              ]}
            />
          </SectionCard>
          <SectionCard title="Renter">
            <DefinitionList items={person(rental.renter)} />
          </SectionCard>
          <SectionCard title="Owner">
            <DefinitionList items={person(rental.owner)} />
          </SectionCard>
        </Stack>
      </Box>
    </Stack>
  );
}

/** One booking with everything known about it, and the moves it allows now. */
export function RentalShow() {
  return (
    <Show loading={<Loading />} title={<BookingTitle />} actions={<RentalShowActions />} error={<LoadError what="this booking" />}>
      <RentalDetails />
    </Show>
  );
}
