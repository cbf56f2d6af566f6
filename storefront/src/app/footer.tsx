import { Link } from 'react-router-dom';
import { DataSaverToggle } from '../components/data-saver-toggle';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div>
          <p className="footer__brand">Voltmarket</p>
          <p className="muted">The marketplace for electric vehicles in Nigeria: every listing reviewed by our team before buyers see it.</p>
        </div>
        <div>
          <h2 className="footer__heading">For Buyers</h2>
          <ul>
            <li><Link to="/browse">Browse Vehicles</Link></li>
            <li><Link to="/browse?location=Lagos">Search by Location</Link></li>
            <li><span>Financing Options</span></li>
            <li><Link to="/buyer-protection">Buyer Protection</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="footer__heading">For Sellers</h2>
          <ul>
            <li><Link to="/create-listing">List Your Vehicle</Link></li>
            <li><span>Seller Resources</span></li>
            <li><Link to="/about">Verification Process</Link></li>
            <li><span>Success Stories</span></li>
          </ul>
        </div>
        <div>
          <h2 className="footer__heading">Support</h2>
          <ul>
            <li><Link to="/help">Help Center</Link></li>
            <li><Link to="/contact">Contact Us</Link></li>
            <li><Link to="/safety">Safety Tips</Link></li>
            <li><Link to="/terms">Terms of Use</Link></li>
            <li><Link to="/privacy">Privacy</Link></li>
            <li><DataSaverToggle className="btn btn--link footer__toggle" /></li>
          </ul>
        </div>
      </div>
      <p className="footer__copy">© {new Date().getFullYear()} Voltmarket. Powering Africa's electric future.</p>
    </footer>
  );
}
