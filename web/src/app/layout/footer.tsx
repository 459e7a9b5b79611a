import { Link } from 'react-router-dom';
import { ChatIcon, PhoneIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useSiteSettings } from '../../features/content/api/get-site-settings';

/** Footer: about the shop, links, support hours and the copyright line of spec §1. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Link to={paths.home} className="brand brand-footer" aria-label={`${site.name} home`}>
            <img src="/images/logo.svg" alt="" width={32} height={32} loading="lazy" />
            <span>{site.name}</span>
          </Link>
          <p className="footer-text">Free Fire diamonds, PUBG UC and gift cards, paid in taka with bKash, Nagad, Upay or your wallet.</p>
        </div>
        <nav aria-label="Shop">
          <h2>Shop</h2>
          <Link to={paths.home}>Home</Link>
          <Link to={paths.voucherCode}>Codes</Link>
          <Link to={paths.playerIdTopup}>Player ID Topup</Link>
          <Link to={paths.blogs}>Blog</Link>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <Link to={paths.aboutUs}>About us</Link>
          <Link to={paths.contactUs}>Contact us</Link>
          <Link to={paths.terms}>Terms and conditions</Link>
        </nav>
        <FooterSupport />
      </div>
      <div className="footer-bottom">
        © {site.copyrightYear} {site.name}. All rights reserved.
      </div>
    </footer>
  );
}

/** Support: the phone (with its hours), the messaging app and the social links from the site settings. */
function FooterSupport() {
  const { data: settings } = useSiteSettings();
  return (
    <div>
      <h2>Support</h2>
      {settings?.phone && (
        <a className="footer-line" href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>
          <PhoneIcon size={16} />
          <span>
            {settings.phone}
            <span className="footer-hours">{site.supportHours}</span>
          </span>
        </a>
      )}
      {settings?.messenger_link && (
        <a className="footer-line" href={settings.messenger_link} target="_blank" rel="noopener noreferrer">
          <ChatIcon size={16} /> Messenger
        </a>
      )}
      {settings && settings.social.length > 0 && (
        <nav className="footer-social" aria-label="Social">
          {settings.social.map((link) => (
            <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          ))}
        </nav>
      )}
    </div>
  );
}
