import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { catalogTree } from '../service/catalog';
import { catalogTreeView } from '../catalog-views';

export const handler = adminRoute({}, async () => success(catalogTreeView(await catalogTree())));
