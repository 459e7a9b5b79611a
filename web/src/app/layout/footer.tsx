import { Link } from 'react-router-dom';
import { ChatIcon, PhoneIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useSiteSettings } from '../../features/content/api/get-site-settings';
import { useT } from '../../lib/i18n';

/** Footer: about the shop, links, support hours and the copyright line of spec §1. */
export function Footer() {
  const { t, locale } = useT();
  // The year as a year (no digit grouping), in the language's digits.
  const year = new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-GB', { useGrouping: false }).format(site.copyrightYear);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Link to={paths.home} className="brand brand-footer" aria-label={t('common.brandHome', { name: site.name })}>
            <img src="/images/logo.svg" alt="" width={32} height={32} loading="lazy" />
            <span>{site.name}</span>
          </Link>
          <p className="footer-text">{t('footer.text')}</p>
        </div>
        <nav aria-label={t('footer.shop')}>
          <h2>{t('footer.shop')}</h2>
          <Link to={paths.home}>{t('nav.home')}</Link>
          <Link to={paths.voucherCode}>{t('nav.codes')}</Link>
          <Link to={paths.playerIdTopup}>{t('nav.playerIdTopup')}</Link>
          <Link to={paths.blogs}>{t('nav.blog')}</Link>
        </nav>
        <nav aria-label={t('footer.company')}>
          <h2>{t('footer.company')}</h2>
          <Link to={paths.aboutUs}>{t('footer.aboutUs')}</Link>
          <Link to={paths.contactUs}>{t('footer.contactUs')}</Link>
          <Link to={paths.terms}>{t('footer.terms')}</Link>
        </nav>
        <FooterSupport />
      </div>
      <div className="footer-bottom">{t('footer.copyright', { year, name: site.name })}</div>
    </footer>
  );
}

/** Support: the phone (with its hours), the messaging app and the social links from the site settings. */
function FooterSupport() {
  const { t } = useT();
  const { data: settings } = useSiteSettings();
  return (
    <div>
      <h2>{t('footer.support')}</h2>
      {settings?.phone && (
        <a className="footer-line" href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>
          <PhoneIcon size={16} />
          <span>
            {settings.phone}
            <span className="footer-hours">{t('common.supportHours')}</span>
          </span>
        </a>
      )}
      {settings?.messenger_link && (
        <a className="footer-line" href={settings.messenger_link} target="_blank" rel="noopener noreferrer">
          <ChatIcon size={16} /> Messenger
        </a>
      )}
      {settings && settings.social.length > 0 && (
        <nav className="footer-social" aria-label={t('footer.social')}>
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
