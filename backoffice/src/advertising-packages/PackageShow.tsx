import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Loading, Show, useCreatePath, useRecordContext } from 'react-admin';
import { PackageStatusChip, PaymentStatusChip } from '../components/AdvertisingStatusChips';
import { DefinitionList } from '../components/DefinitionList';
import { LoadError } from '../components/LoadError';
import { RecordTitle } from '../components/RecordTitle';
import { SectionCard } from '../components/SectionCard';
import type { AdminAdvertisingPackage } from '../data/api-types';
import { boostTimeLeft } from '../lib/boost-time';
import { formatDateTime, formatNaira } from '../lib/format';

const dateOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function PackageDetails() {
  const boost = useRecordContext<AdminAdvertisingPackage>();
  const createPath = useCreatePath();
  if (!boost) return null;
  const showLink = (resource: string, id: string | number, text: ReactNode) => (
    <Link component={LinkBase} to={createPath({ resource, type: 'show', id })}>
      {text}
    </Link>
  );
  const timeLeft = boost.status === 'active' ? boostTimeLeft(boost.endDate) : null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {boost.packageName} for “{boost.vehicleTitle}”
          </Typography>
          <PackageStatusChip status={boost.status} />
        </Stack>
        <Typography variant="h6" component="p" color="primary">
          {formatNaira(boost.price)} · {boost.durationDays} days{timeLeft ? ` · ${timeLeft}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <SectionCard title="Boost">
            <DefinitionList
              items={[
                ['Package', boost.packageName],
                ['Tier', boost.tier],
                ['Duration', `${boost.durationDays} days`],
                ['Price', formatNaira(boost.price)],
                ['Status', <PackageStatusChip status={boost.status} />],
                ['Start', dateOrDash(boost.startDate)],
                ['End', dateOrDash(boost.endDate)],
                ['Bought', formatDateTime(boost.createdAt)],
                ['Last updated', formatDateTime(boost.updatedAt)],
                ['Boost ID', boost.id],
              ]}
            />
          </SectionCard>
          <SectionCard title="What the package gives">
            {boost.features.length ? (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {boost.features.map((feature) => (
                  <Typography key={feature} component="li" variant="body2">
                    {feature}
                  </Typography>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">No features were recorded.</Typography>
            )}
          </SectionCard>
        </Stack>
        <Stack spacing={2}>
          <SectionCard title="Payment">
            <DefinitionList
              items={[
                ['Reference', showLink('payments', boost.paymentId, <Box component="span" sx={{ fontFamily: 'monospace' }}>{boost.reference}</Box>)],
                ['Payment status', <PaymentStatusChip status={boost.paymentStatus} />],
              ]}
            />
          </SectionCard>
          <SectionCard title="Listing">
            <DefinitionList
              items={[
                ['Listing', showLink('vehicles', boost.vehicleId, boost.vehicleTitle)],
                ['Listing ID', boost.vehicleId],
              ]}
            />
          </SectionCard>
          <SectionCard title="Seller">
            <DefinitionList
              items={[
                ['Name', showLink('users', boost.seller.id, boost.seller.name)],
                ['Email', boost.seller.email ? <Link href={`mailto:${boost.seller.email}`}>{boost.seller.email}</Link> : '—'],
                ['User ID', boost.userId],
              ]}
            />
          </SectionCard>
        </Stack>
      </Box>
    </Stack>
  );
}

/** One boost: the package, when it runs, the payment behind it, the listing and the seller. */
export function PackageShow() {
  return (
    <Show loading={<Loading />} title={<RecordTitle prefix="Boost" field="packageName" />} actions={false} error={<LoadError what="this boost" />}>
      <PackageDetails />
    </Show>
  );
}
