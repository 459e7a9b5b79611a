import { useSearchParams } from 'react-router-dom';
import { ContactPage } from '../../features/content/components/contact-page';

/** /contact-us; ?order= starts the message with that order's ID. */
export function ContactUsPage() {
  const [params] = useSearchParams();
  return <ContactPage orderId={params.get('order') ?? undefined} />;
}

export { ContactUsPage as Component };
