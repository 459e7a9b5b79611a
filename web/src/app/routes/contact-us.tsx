import { useSearchParams } from 'react-router-dom';
import { ContactPage } from '../../features/content/components/contact-page';
import { contentMessages } from '../../features/content/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [contentMessages];

/** /contact-us; ?order= starts the message with that order's ID. */
export function ContactUsPage() {
  const [params] = useSearchParams();
  return <ContactPage orderId={params.get('order') ?? undefined} />;
}

export { ContactUsPage as Component };
