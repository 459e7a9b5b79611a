import { ContactPage } from '../../features/content/components/contact-page';

export { ContactPage as Component };
