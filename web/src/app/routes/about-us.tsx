import { AboutPage } from '../../features/content/components/about-page';

export { AboutPage as Component };
