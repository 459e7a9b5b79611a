import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { masterCategories } from '../service';
import { masterCategoryView } from '../views';

export const handler = publicRoute({}, async () => success((await masterCategories()).map(masterCategoryView)));
