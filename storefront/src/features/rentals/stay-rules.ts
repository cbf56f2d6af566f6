import { addDays, isDay, MAX_DAYS_AHEAD, todayInLagos, type Day } from './rental-dates';

export interface StayDates {
  startDate: string;
  endDate: string;
}

export type StayErrors = Partial<Record<keyof StayDates, string>>;

/**
 * The API's rules for a stay's days, checked before asking so a person reads what to change beside
 * the date to change. `required`: both dates must be given (a booking); otherwise both or neither (a search).
 */
export function checkStay({ startDate, endDate }: StayDates, { required, today = todayInLagos() }: { required: boolean; today?: Day }): StayErrors {
  const errors: StayErrors = {};
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (!startDate && !endDate && !required) return errors;
  if (!startDate) errors.startDate = required ? 'Choose a start date' : 'Choose a start date too, or clear the end date';
  else if (!isDay(startDate)) errors.startDate = 'Write the date as YYYY-MM-DD';
  else if (startDate < today) errors.startDate = 'The start date cannot be in the past';
  else if (startDate > last) errors.startDate = `Choose a start date within the next ${MAX_DAYS_AHEAD} days`;

  if (!endDate) errors.endDate = required ? 'Choose an end date' : 'Choose an end date too, or clear the start date';
  else if (!isDay(endDate)) errors.endDate = 'Write the date as YYYY-MM-DD';
  else if (isDay(startDate) && endDate <= startDate) errors.endDate = 'The end date must be after the start date';
  else if (endDate > last) errors.endDate = `Choose an end date within the next ${MAX_DAYS_AHEAD} days`;
  return errors;
}

export const hasErrors = (errors: StayErrors): boolean => Object.keys(errors).length > 0;
