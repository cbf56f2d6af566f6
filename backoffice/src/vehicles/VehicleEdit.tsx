import { Edit, Loading, useNotify, useRedirect } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { RecordTitle } from '../components/RecordTitle';
import type { Vehicle } from '../data/api-types';
import { toVehicleUpdate } from './editable-fields';
import { DEFAULT_FAILURES, failureReason } from './moderation/moderation-messages';
import { VehicleEditForm } from './VehicleEditForm';

/** Staff correct a listing or set its status; the server's field errors appear under their inputs. */
export function VehicleEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Vehicle>
      loading={<Loading />}
      title={<RecordTitle prefix="Edit listing" field="title" />}
      mutationMode="pessimistic"
      transform={toVehicleUpdate}
      mutationOptions={{
        onSuccess: (vehicle: Vehicle) => {
          notify(`Vehicle Updated: “${vehicle.title}” has been saved.`, { type: 'success' });
          redirect('show', 'vehicles', vehicle.id);
        },
        onError: (error: unknown) => notify(`Update Failed: ${failureReason(error, DEFAULT_FAILURES.update)}`, { type: 'error' }),
      }}
      error={<LoadError what="this listing" />}
    >
      <VehicleEditForm />
    </Edit>
  );
}
