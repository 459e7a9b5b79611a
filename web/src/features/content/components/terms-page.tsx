import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import '../content-pages.css';

const sections = [
  {
    title: 'Orders and delivery',
    text: 'Top-ups are delivered to the player ID or game account you enter, usually within 5-10 minutes. Check the ID before you pay: a top-up sent to the ID you entered cannot be moved to another account.',
  },
  {
    title: 'Gift-card codes',
    text: 'Codes appear in My Codes as soon as they are paid. A code that has been shown to you cannot be returned, so read the Rules of a card (region, store) before you buy it.',
  },
  {
    title: 'Wallet',
    text: 'Your wallet balance is kept in whole taka and can be spent on anything in the shop. Wallet money is not paid out in cash.',
  },
  {
    title: 'Refunds',
    text: 'If we cannot complete a top-up, the amount goes back to your wallet and the order shows Refund.',
  },
  {
    title: 'Your account',
    text: 'Keep your password to yourself. We never ask for it by phone. Game-account details you give us for a top-up are used for that order only.',
  },
];

/** The terms and conditions (placeholder wording until the final text arrives, spec §2). */
export function TermsPage() {
  return (
    <div className="container page content-page">
      <article className="panel terms">
        <p className="eyebrow">Terms and conditions</p>
        <h1>Terms of using {site.name}</h1>
        <p className="lead">By buying from {site.name} you agree to the terms below. They will be replaced by the final legal text.</p>
        {sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </section>
        ))}
        <p className="muted">
          Questions? <Link to={paths.contactUs}>Contact us</Link>.
        </p>
      </article>
    </div>
  );
}
