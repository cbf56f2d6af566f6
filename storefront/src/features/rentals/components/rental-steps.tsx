import { NumberedSteps } from '../../../components/numbered-steps';

const STEPS = [
  { title: 'Search and choose', text: 'Pick a city, a vehicle type and your dates to see the EVs free for your stay and the full price.' },
  { title: 'Request your dates', text: 'Send a request saying where you will pick it up and drop it off, with any notes for the owner.' },
  { title: 'The owner answers', text: 'The owner accepts or declines within 48 hours. Follow your request in Profile → Rentals.' },
  { title: 'Pick up and drive', text: 'Collect the vehicle on your start date and return it on your end date, charged and clean.' },
];

/** How renting works, in four steps. */
export function RentalSteps() {
  return <NumberedSteps id="rent-how-heading" title="How renting works" steps={STEPS} />;
}
