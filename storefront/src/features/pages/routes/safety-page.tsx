import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';

/** Safety Tips: what to do before paying for an electric vehicle in Nigeria. */
export function Component() {
  usePageTitle('Safety Tips');
  return (
    <div className="page page--narrow prose">
      <h1>Safety Tips</h1>
      <p className="lead">Most sellers are honest. These steps protect you from the few who are not.</p>

      <h2>Meet in a public place</h2>
      <ul>
        <li>Meet in daylight, somewhere busy: a filling station, a mall car park, a known dealer&apos;s yard.</li>
        <li>Bring someone with you, and tell a friend where you are going.</li>
        <li>Keep talking in Voltmarket&apos;s chat until you meet, so there is a record of what was agreed.</li>
      </ul>

      <h2>Inspect the car and its battery</h2>
      <ul>
        <li>Check that the car in front of you is the one in the listing: photos, colour, mileage.</li>
        <li>Ask for the battery&apos;s state of health (many EVs show it in a menu, or a dealer can read it) and look at the range the car shows when fully charged.</li>
        <li>Charge it in front of you, with its own cable if one comes with it, and take a test drive.</li>
        <li>If you are not sure, bring a mechanic who knows electric vehicles.</li>
      </ul>

      <h2>Pay only after inspection</h2>
      <ul>
        <li><strong>Never pay a deposit to &quot;hold&quot; a car</strong> you have not seen, however good the price or however many people the seller says are waiting.</li>
        <li>Pay only when you have inspected the car and the papers, and you are ready to take it.</li>
        <li>A bank transfer to the name on the ownership papers is traceable; be careful with cash and with paying a third person.</li>
        <li>Voltmarket does not hold money for buyers or sellers. Anyone who asks you to pay &quot;through Voltmarket&quot; or an &quot;escrow agent&quot; for a car is not us.</li>
      </ul>

      <h2>Ask for the documents</h2>
      <ul>
        <li><strong>Proof of ownership</strong>: the certificate of ownership, and the purchase receipt or a letter of sale from the last owner.</li>
        <li><strong>Vehicle licence</strong> that is current and in the seller&apos;s name.</li>
        <li><strong>Roadworthiness certificate</strong> that is current.</li>
        <li>Check that the VIN (chassis number) on the papers matches the one on the car.</li>
      </ul>

      <h2>Imported EVs: the customs papers</h2>
      <ul>
        <li>The <strong>Nigeria Customs Service duty receipt</strong> and the <strong>SGD</strong> (Single Goods Declaration) for the car.</li>
        <li>Check the papers with the Nigeria Customs Service: its <strong>e-CMR</strong> (electronic Customs Motor Registration) lets you check a vehicle&apos;s <strong>VIN</strong>. A car without valid customs papers can be seized, whoever owns it now.</li>
      </ul>

      <h2>Signs of a scam</h2>
      <ul>
        <li>A price far below similar cars, or a seller who cannot meet and wants payment first.</li>
        <li>Pressure to decide today, or a story about being abroad, a shipping agent or a customs fee you must pay.</li>
        <li>Papers in another person&apos;s name, or a VIN that does not match.</li>
      </ul>
      <p>
        If something feels wrong, stop, and tap &quot;Report this listing&quot; on its page (or tell us through{' '}
        <Link to="/contact?topic=report">Contact Us</Link>, choosing &quot;Report a problem&quot;). Read what we do to
        protect buyers in <Link to="/buyer-protection">Buyer Protection</Link>.
      </p>
    </div>
  );
}
