import { required, SelectInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Vehicle } from '../data/api-types';
import { choicesOf, useCatalogue } from '../data/use-catalogue';

/**
 * Brand from the catalogue, then a model of that brand. Changing the brand empties the model, so a
 * listing never ends up as a "Tesla Ioniq 5". The listing's own brand and model stay selectable even
 * when the catalogue does not (or no longer does) include them.
 */
export function BrandModelInputs() {
  const listing = useRecordContext<Vehicle>();
  const { data: catalogue, isPending } = useCatalogue();
  const { setValue } = useFormContext();
  const brand = useWatch({ name: 'brand' }) as string | undefined;

  const brandNames = catalogue?.brands.map((b) => b.name) ?? [];
  const models = catalogue?.brands.find((b) => b.name === brand)?.models ?? [];
  const keptModel = brand === listing?.brand ? listing?.model : undefined;

  return (
    <>
      <SelectInput
        source="brand"
        label="Brand"
        choices={choicesOf(brandNames, listing?.brand)}
        isPending={isPending}
        validate={required()}
        onChange={() => setValue('model', '', { shouldDirty: true })}
      />
      <SelectInput
        source="model"
        label="Model"
        choices={choicesOf(models, keptModel)}
        isPending={isPending}
        disabled={!brand}
        validate={required()}
        helperText={brand ? false : 'Choose a brand first'}
      />
    </>
  );
}
