import type { components } from '@voltmarket/contract';

/** Names for the contract's shapes; the shapes themselves are generated from openapi.yaml. */
type Schemas = components['schemas'];
export type Vehicle = Schemas['Vehicle'];
export type VehicleSummary = Schemas['VehicleSummary'];
export type OwnVehicleSummary = Schemas['OwnVehicleSummary'];
// The contract's allOf of "fields" and "which are required" comes out as an intersection with an empty record.
type VehicleFields = Schemas['VehicleFields'];
type RequiredVehicleField = 'title' | 'description' | 'price' | 'year' | 'mileage' | 'range' | 'vehicleType' | 'brand' | 'model' | 'location' | 'imageUrls';
export type VehicleInput = VehicleFields & Required<Pick<VehicleFields, RequiredVehicleField>>;
export type VehiclePatch = VehicleFields;
export type VehicleType = Schemas['VehicleType'];
export type ChargingType = Schemas['ChargingType'];
export type ListingSort = Schemas['ListingSort'];
export type User = Schemas['User'];
export type SyncInput = Schemas['SyncInput'];
export type ProfilePatch = Schemas['ProfilePatch'];
export type Catalogue = Schemas['Catalogue'];
export type MarketplaceStats = Schemas['MarketplaceStats'];
export type ClientConfig = Schemas['ClientConfig'];
export type UploadedImage = Schemas['UploadedImage'];
export type FieldIssue = Schemas['FieldIssue'];
export type ErrorBody = Schemas['ErrorBody'];
