import type { components } from '@voltmarket/contract';

/** Names for the contract's shapes; the shapes themselves are generated from openapi.yaml. */
type Schemas = components['schemas'];
/** A listing as staff read it (with whether it is this week's staff pick, and when it went live). */
export type Vehicle = Schemas['AdminVehicle'];
export type ModerationFlag = Schemas['ModerationFlag'];
export type VehicleType = Schemas['VehicleType'];
export type ChargingType = Schemas['ChargingType'];
export type ListingStatus = Schemas['ListingStatus'];
export type AdminVehicleUpdate = Schemas['AdminVehicleUpdate'];
export type AdminUser = Schemas['AdminUser'];
export type AdminUserUpdate = Schemas['AdminUserUpdate'];
export type Role = Schemas['Role'];
export type AdminStats = Schemas['AdminStats'];
export type ActivityDay = Schemas['ActivityDay'];
export type MarketplaceAnalytics = Schemas['MarketplaceAnalytics'];
export type MarketplaceFigures = Schemas['MarketplaceFigures'];
export type AnalyticsInterval = Schemas['AnalyticsInterval'];
export type Inquiry = Schemas['Inquiry'];
export type AdminCheck = Schemas['AdminCheck'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditAction = Schemas['AuditAction'];
export type BulkModerationInput = Schemas['BulkModerationInput'];
export type BulkModerationResult = Schemas['BulkModerationResult'];
export type RejectInput = Schemas['RejectInput'];
export type Catalogue = Schemas['Catalogue'];
export type CarOfTheWeek = Schemas['CarOfTheWeek'];
export type UploadedImage = Schemas['UploadedImage'];
export type ClientConfig = Schemas['ClientConfig'];
export type ErrorBody = Schemas['ErrorBody'];
export type Boost = Schemas['Boost'];
export type AdminPerson = Schemas['AdminPerson'];
export type AdminPayment = Schemas['AdminPayment'];
export type AdminReview = Schemas['AdminReview'];
export type AdminAdvertisingPackage = Schemas['AdminAdvertisingPackage'];
export type AdvertisingSummary = Schemas['AdvertisingSummary'];
export type RevenuePoint = Schemas['RevenuePoint'];
export type PackageType = Schemas['PackageType'];
export type PackageStatus = Schemas['PackageStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
/** A booking as staff read it, with the moves they may make now (`actions`). */
export type AdminRental = Schemas['AdminRental'];
export type AdminRentalStatusInput = Schemas['AdminRentalStatusInput'];
export type RentalStatus = Schemas['RentalStatus'];
export type RentalAction = Schemas['RentalAction'];
export type RentalSummary = Schemas['RentalSummary'];
/** A listing offered for rent, with its rates and how many bookings hold or ask for it. */
export type AdminRentalVehicle = Schemas['AdminRentalVehicle'];
export type RentalSettingsInput = Schemas['RentalSettingsInput'];
export type RentalVehicleInput = Schemas['RentalVehicleInput'];
export type RentalBodyType = Schemas['RentalBodyType'];
