import { BlogList } from '../../features/content/components/blog-list';

export { BlogList as Component };
