import { httpHandler, success } from '../../shared/http';
import { masterCategories } from '../service';
import { masterCategoryView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success((await masterCategories()).map(masterCategoryView)));
