import { TermsPage } from '../../features/content/components/terms-page';

export { TermsPage as Component };
