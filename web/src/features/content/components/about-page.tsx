import { CheckIcon, CoinIcon, PhoneIcon, ShieldIcon, WalletIcon } from '../../../components/icons';
import { site } from '../../../config/site';
import '../content-pages.css';

const points = [
  {
    title: 'Easy mobile payment',
    text: 'Pay with bKash, Nagad, Rocket or Upay in a few taps, or straight from your wallet.',
    icon: PhoneIcon,
  },
  {
    title: 'Free transactions',
    text: 'No service charge on top-ups or wallet payments: the price you see is the price you pay.',
    icon: CheckIcon,
  },
  {
    title: 'Identity protection',
    text: 'Your player ID and account details are used for your order only and never shared.',
    icon: ShieldIcon,
  },
  {
    title: 'Control over your money',
    text: 'Every taka in your wallet, every order and every code is listed in your profile.',
    icon: WalletIcon,
  },
];

const partners = Array.from({ length: 10 }, (_, i) => `/images/partner-${i + 1}.svg`);

/** About the shop: what it does, bitcoin support, why gamers use it, and its partners (spec §1). */
export function AboutPage() {
  return (
    <div className="container page content-page">
      <section className="panel content-hero">
        <p className="eyebrow">About us</p>
        <h1>Game top-ups and gift cards, paid in taka</h1>
        <p className="lead">
          {site.name} delivers Free Fire diamonds, PUBG Mobile UC and gift-card codes to gamers all over Bangladesh, usually within minutes
          and with a real person on the phone from 9AM to 11PM.
        </p>
        <div className="bitcoin-note">
          <CoinIcon size={26} />
          <div>
            <strong>We support bitcoin</strong>
            <p>Prefer crypto? Top up your wallet with bitcoin through our support team and shop with it like any other balance.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-title">
        <h2 id="why-title" className="section-title">
          Why gamers choose us
        </h2>
        <ul className="feature-grid">
          {points.map(({ title, text, icon: Icon }) => (
            <li key={title} className="feature-card">
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
          Our partners
        </h2>
        <ul className="partner-grid">
          {partners.map((logo, i) => (
            <li key={logo}>
              <img src={logo} alt={`Partner ${i + 1}`} width={200} height={80} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
