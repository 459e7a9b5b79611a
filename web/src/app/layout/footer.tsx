import { Link } from 'react-router-dom';
import { ChatIcon, PhoneIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

/** Footer: about the shop, links, support hours and the copyright line of spec §1. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Link to={paths.home} className="brand brand-footer">
            <img src="/images/logo.svg" alt="" width={32} height={32} loading="lazy" />
            <span>{site.name}</span>
          </Link>
          <p className="footer-text">Free Fire diamonds, PUBG UC and gift cards, paid in taka with bKash, Nagad, Upay or your wallet.</p>
        </div>
        <nav aria-label="Shop">
          <h3>Shop</h3>
          <Link to={paths.home}>Home</Link>
          <Link to={paths.voucherCode}>Codes</Link>
          <Link to={paths.playerIdTopup}>Player ID Topup</Link>
          <Link to={paths.blogs}>Blog</Link>
        </nav>
        <nav aria-label="Company">
          <h3>Company</h3>
          <Link to={paths.aboutUs}>About us</Link>
          <Link to={paths.contactUs}>Contact us</Link>
          <Link to={paths.terms}>Terms and conditions</Link>
        </nav>
        <div>
          <h3>Support</h3>
          <p className="footer-line">
            <PhoneIcon size={16} /> <span>{site.supportHours}</span>
          </p>
          <a className="footer-line" href="https://m.me/topupbazar" target="_blank" rel="noopener noreferrer">
            <ChatIcon size={16} /> Messenger
          </a>
        </div>
      </div>
      <div className="footer-bottom">
        © {site.copyrightYear} {site.name}. All rights reserved.
      </div>
    </footer>
  );
}
