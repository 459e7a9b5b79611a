import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { masterCategories } from '../service';
import { masterCategoryView } from '../views';

export const handler = publicRoute({ cachedAs: 'games' }, async () => success((await masterCategories()).map(masterCategoryView)));
