import { CheckIcon, CoinIcon, PhoneIcon, ShieldIcon, WalletIcon } from '../../../components/icons';
import { site } from '../../../config/site';
import { useT } from '../messages';
import '../content-pages.css';

const partners = Array.from({ length: 10 }, (_, i) => `/images/partner-${i + 1}.svg`);

/** About the shop: what it does, bitcoin support, why gamers use it, and its partners (spec §1). */
export function AboutPage() {
  const { t, number } = useT();
  const points = [
    { key: 'payment', title: t('content.about.paymentTitle'), text: t('content.about.paymentText'), icon: PhoneIcon },
    { key: 'free', title: t('content.about.freeTitle'), text: t('content.about.freeText'), icon: CheckIcon },
    { key: 'identity', title: t('content.about.identityTitle'), text: t('content.about.identityText'), icon: ShieldIcon },
    { key: 'money', title: t('content.about.moneyTitle'), text: t('content.about.moneyText'), icon: WalletIcon },
  ];
  return (
    <div className="container page content-page">
      <section className="panel content-hero">
        <p className="eyebrow">{t('content.about.eyebrow')}</p>
        <h1>{t('content.about.title')}</h1>
        <p className="lead">{t('content.about.lead', { name: site.name })}</p>
        <div className="bitcoin-note">
          <CoinIcon size={26} />
          <div>
            <strong>{t('content.about.bitcoinTitle')}</strong>
            <p>{t('content.about.bitcoinText')}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-title">
        <h2 id="why-title" className="section-title">
          {t('content.about.whyTitle')}
        </h2>
        <ul className="feature-grid">
          {points.map(({ key, title, text, icon: Icon }) => (
            <li key={key} className="feature-card">
              <span className="feature-icon">
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partners-title">
        <h2 id="partners-title" className="section-title">
          {t('content.about.partnersTitle')}
        </h2>
        <ul className="partner-grid">
          {partners.map((logo, i) => (
            <li key={logo}>
              <img
                src={logo}
                alt={t('content.about.partnerAlt', { number: number(i + 1) })}
                width={200}
                height={80}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
